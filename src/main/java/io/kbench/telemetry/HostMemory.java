package io.kbench.telemetry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** The host's memory as /proc/meminfo states it: the most any page cache on this host can hold. */
public final class HostMemory {
    private static final Path MEMINFO = Path.of("/proc/meminfo");

    private HostMemory() {
    }

    /** MemTotal in bytes; empty off Linux or when /proc/meminfo cannot be read. */
    public static OptionalLong totalBytes() {
        try {
            Long total = ProcParsers.meminfo(Files.readString(MEMINFO)).get("MemTotal");
            return total == null || total <= 0 ? OptionalLong.empty() : OptionalLong.of(total);
        } catch (IOException | RuntimeException e) {
            // Not Linux, or a /proc kbench cannot parse: the page cache is then not measured, and said so.
            return OptionalLong.empty();
        }
    }
}
