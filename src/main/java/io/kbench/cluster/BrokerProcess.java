package io.kbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * A started broker JVM and the files that explain what it did.
 *
 * @param cgroup the groups holding its resource limits, removed after it stops; null without limits
 */
record BrokerProcess(BrokerNode node, Process process, Path logFile, Path outFile, Cgroups.Group cgroup) {

    BrokerProcess(BrokerNode node, Process process, Path logFile, Path outFile) {
        this(node, process, logFile, outFile, null);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Stops every broker (SIGTERM, a grace period, then SIGKILL) and releases its cgroup and stdin pipe. */
    static void stopAll(List<BrokerProcess> brokers, Duration grace) {
        ProcessStopper.stop(brokers.stream().map(b -> b.process().toHandle()).toList(), grace);
        for (BrokerProcess b : brokers) {
            if (b.cgroup() != null) {
                b.cgroup().remove();
            }
            b.closeInput();
        }
    }

    /** Closes the pipe an attached broker watches to notice that kbench is gone. */
    void closeInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // The process is gone; its pipe is of no further use.
        }
    }

    /**
     * Why the broker probably failed: the last ERROR line of its log with the exception logged under it (Kafka's last
     * words are "fatal exception during startup", the exception says which), else of its stdout/stderr.
     */
    String lastError() {
        String error = lastErrorWithCause(logFile);
        if (error == null) {
            error = lastErrorWithCause(outFile);
        }
        if (error == null) {
            error = lastLine(outFile, line -> !line.isEmpty() && !isJvmBoilerplate(line));
        }
        return error == null ? "no output" : error;
    }

    /** Whether the broker died because a port it was to listen on was taken (by then) by another process. */
    boolean lostAPort() {
        for (Path file : List.of(logFile, outFile)) {
            List<String> lines = lines(file);
            if (lines.stream().anyMatch(l -> l.contains("Address already in use") || l.contains("Port already in use"))) {
                return true;
            }
        }
        return false;
    }

    private static String lastErrorWithCause(Path file) {
        List<String> lines = lines(file);
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i).strip();
            if (isErrorLine(line)) {
                String cause = loggedException(lines, i + 1);
                return cause == null || line.contains(cause) ? line : line + ": " + cause;
            }
        }
        return null;
    }

    /** The exception of the stack trace starting at {@code from}, by its deepest cause; null when none is there. */
    private static String loggedException(List<String> lines, int from) {
        String found = null;
        for (int i = from; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (found == null && EXCEPTION.matcher(line).matches()) {
                found = line;
            } else if (found != null && line.startsWith("Caused by: ")) {
                found = line.substring("Caused by: ".length());
            } else if (found != null && !line.startsWith("at ") && !line.startsWith("...")) {
                break;
            } else if (found == null && !line.isEmpty()) {
                break;
            }
        }
        return found;
    }

    private static final java.util.regex.Pattern EXCEPTION =
            java.util.regex.Pattern.compile("[\\w.$]+(Exception|Error)(: .*)?");

    private static boolean isErrorLine(String line) {
        return (line.contains(" ERROR ") || line.startsWith("ERROR ") || line.startsWith("Error:"))
                && !isJvmBoilerplate(line);
    }

    /** The JVM's closing words after a bad flag; the line before them says what was wrong. */
    private static boolean isJvmBoilerplate(String line) {
        return line.startsWith("Error: Could not create the Java Virtual Machine")
                || line.startsWith("Error: A fatal exception has occurred");
    }

    private static String lastLine(Path file, Predicate<String> wanted) {
        List<String> lines = lines(file);
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i).strip();
            if (wanted.test(line)) {
                return line;
            }
        }
        return null;
    }

    private static List<String> lines(Path file) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            // A half-written or non-UTF-8 log must not hide the original failure.
            return List.of();
        }
    }
}
