package io.kbench.cluster;

/**
 * Resolved per-broker limits, as the kernel takes them. Null fields are not limited.
 *
 * @param cpus                 cpuset list, e.g. {@code 0-1}
 * @param cpuQuotaMicros       CPU microseconds per {@link #CPU_PERIOD_MICROS}
 * @param memoryBytes          memory including page cache
 * @param diskReadBytesPerSec  read bandwidth on the data dir's device
 * @param diskWriteBytesPerSec write bandwidth on that device
 * @param diskReadIops         read operations per second
 * @param diskWriteIops        write operations per second
 */
public record ResourceLimits(String cpus, Long cpuQuotaMicros, Long memoryBytes, Long diskReadBytesPerSec,
                             Long diskWriteBytesPerSec, Long diskReadIops, Long diskWriteIops) {
    /** The CFS period the quota is given against. */
    public static final long CPU_PERIOD_MICROS = 100_000;
    /** Room a broker needs besides its heap (metaspace, threads, direct buffers) before page cache counts. */
    public static final long NON_HEAP_HEADROOM_BYTES = 256L << 20;

    public boolean disk() {
        return diskReadBytesPerSec != null || diskWriteBytesPerSec != null || diskReadIops != null || diskWriteIops != null;
    }

    public boolean cpu() {
        return cpuQuotaMicros != null;
    }
}
