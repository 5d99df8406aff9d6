package io.kbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the command line of another process, to tell a broker from a process that recycled its pid. */
final class CommandLines {
    private CommandLines() {
    }

    /** The full command line of {@code p}, or "" if the OS does not tell. */
    static String of(ProcessHandle p) {
        // The JDK truncates long command lines (one page on Linux), which cuts off the server.properties argument
        // after a long class path; /proc has all of it.
        Path cmdline = Path.of("/proc", Long.toString(p.pid()), "cmdline");
        if (Files.isReadable(cmdline)) {
            try {
                String full = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).replace('\0', ' ').strip();
                if (!full.isEmpty()) {
                    return full;
                }
            } catch (IOException | SecurityException e) {
                // The process may just have exited; fall back to what the JDK knows.
            }
        }
        return p.info().commandLine().orElse("");
    }
}
