package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;

/** A Kafka client properties file holding secrets: created readable by its owner only. */
final class ClientPropertiesFile {
    private ClientPropertiesFile() {
    }

    static void write(Path file, Map<String, String> properties) {
        Properties props = new Properties();
        props.putAll(properties);
        try {
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                props.store(out, "written by kbench for its cluster in " + file.getParent()
                        + "; contains generated secrets; regenerated on every start");
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
