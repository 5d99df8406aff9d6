package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@value #FILE_NAME} in the cluster dir: one broker JMX HOST:PORT per line, in node id order, so a script can pass
 * them on as {@code --broker-jmx} (cluster.json holds the same ports).
 */
public final class JmxAddressFile {
    public static final String FILE_NAME = "jmx-addresses.txt";

    private JmxAddressFile() {
    }

    static void write(Path dir, List<String> addresses) {
        Path file = dir.resolve(FILE_NAME);
        try {
            Files.write(file, addresses, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
