package io.kbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A shell runs background jobs with SIGINT ignored, and children inherit that: a kbench started from such a JVM rightly
 * ignores a Ctrl-C too (POSIX), so tests that send SIGINT only mean something when this JVM was not started that way.
 */
public final class InheritedSigint {
    private InheritedSigint() {
    }

    /** Whether SIGINT (bit 1 of SigIgn in /proc/self/status) is ignored by this process, and so by its children. */
    public static boolean ignored() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:")).findFirst()
                .map(l -> (Long.parseUnsignedLong(l.substring(7).trim(), 16) & 0x2) != 0).orElse(false);
    }
}
