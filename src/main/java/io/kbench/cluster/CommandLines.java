package io.kbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the command line of another process, to tell a broker from a process that recycled its pid. */
final class CommandLines {
    private CommandLines() {
    }

    /** The command line of {@code p}, or "" if the OS does not tell. */
    static String of(ProcessHandle p) {
        String fromJdk = p.info().commandLine().orElse("");
        if (!fromJdk.isEmpty()) {
            return fromJdk;
        }
        // Some JDK builds return nothing when the executable path is unreadable; /proc still has the arguments.
        Path cmdline = Path.of("/proc", Long.toString(p.pid()), "cmdline");
        try {
            return new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}
