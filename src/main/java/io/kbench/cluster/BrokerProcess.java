package io.kbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A started broker JVM and the files that explain what it did. */
record BrokerProcess(BrokerNode node, Process process, Path logFile, Path outFile) {

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Why the broker probably failed: the last ERROR line of its log, else the last line of its stdout/stderr. */
    String lastError() {
        String error = lastLine(logFile, true);
        if (error == null) {
            error = lastLine(outFile, false);
        }
        return error == null ? "no output" : error;
    }

    private static String lastLine(Path file, boolean errorsOnly) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String line = lines.get(i).strip();
                boolean interesting = errorsOnly ? line.contains(" ERROR ") || line.startsWith("ERROR")
                        : !line.isEmpty();
                if (interesting) {
                    return line;
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            // A half-written or non-UTF-8 log must not hide the original failure.
            return null;
        }
    }
}
