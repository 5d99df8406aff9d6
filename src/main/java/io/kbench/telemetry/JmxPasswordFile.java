package io.kbench.telemetry;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JMX password file in the JDK agent's format ({@code USER PASSWORD} per line, {@code #} comments), as
 * {@code kbench cluster start} writes it to {@code DIR/jmx.password}: the first entry is the user kbench logs in as.
 */
final class JmxPasswordFile {
    /** A password file is a line or two; anything larger is not one. */
    private static final long MAX_BYTES = 64 * 1024;
    static final String FLAG = "--broker-jmx-password-file";

    private JmxPasswordFile() {
    }

    /** {user, password} of the file's first entry; a one-line input error naming the file otherwise. */
    static String[] read(Path file) {
        return read(file, FLAG);
    }

    /** As {@link #read(Path)}, errors naming {@code flag} (the option that led to the file). */
    static String[] read(Path file, String flag) {
        try {
            if (!Files.isRegularFile(file)) {
                throw InvalidInputException.field(flag, file.toString(), "file not found");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw InvalidInputException.field(flag, file.toString(), "larger than " + MAX_BYTES + " bytes: not a"
                        + " JMX password file");
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String entry = line.strip();
                if (entry.isEmpty() || entry.startsWith("#")) {
                    continue;
                }
                String[] parts = entry.split("\\s+", 2);
                if (parts.length == 2) {
                    return new String[] {parts[0], parts[1].strip()};
                }
                break;
            }
            // The value is the path, never a line of the file: the line holds a password.
            throw InvalidInputException.field(flag, file.toString(), "expected a line 'USER PASSWORD' (the format of"
                    + " the JDK's jmxremote.password and of kbench's DIR/jmx.password)");
        } catch (IOException e) {
            throw InvalidInputException.field(flag, file.toString(), "cannot read it: " + e.getMessage());
        }
    }
}
