package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.ByteSize;
import java.util.BitSet;
import java.util.regex.Pattern;

/**
 * Hardware each embedded broker gets, applied with the kernel's cgroups (docs/cluster.md, "Emulated hardware"), so a
 * study's small VM or network disk can be reproduced on a bigger machine. Every field is optional.
 *
 * @param cpus                 CPU set the broker may run on, as the kernel writes it: {@code 0}, {@code 0-1}, {@code 0,2}
 * @param cpuQuota             CPU time the broker may use, in cores (0.5 = half of one core), enforced per 100 ms
 * @param memory               memory including page cache, e.g. {@code 1GiB}: data beyond it is read from disk
 * @param diskReadBytesPerSec  read bandwidth from the device holding the data dir, e.g. {@code 180MiB}
 * @param diskWriteBytesPerSec write bandwidth to that device
 * @param diskReadIops         read operations per second on that device
 * @param diskWriteIops        write operations per second on that device
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BrokerLimits(String cpus, Double cpuQuota, String memory, String diskReadBytesPerSec,
                           String diskWriteBytesPerSec, Integer diskReadIops, Integer diskWriteIops) {
    private static final Pattern CPU_LIST = Pattern.compile("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");

    public BrokerLimits {
        if (cpus != null && !CPU_LIST.matcher(cpus.trim()).matches()) {
            throw InvalidInputException.field("cluster.limits.cpus", cpus, "must be a CPU list like 0, 0-1 or 0,2");
        }
        if (cpus != null && cpuSet(cpus).isEmpty()) {
            throw InvalidInputException.field("cluster.limits.cpus", cpus, "has a range from high to low; write it low-high, like 0-1");
        }
        if (cpuQuota != null && !(cpuQuota >= 0.01 && cpuQuota <= 1024)) {
            throw InvalidInputException.field("cluster.limits.cpuQuota", cpuQuota, "must be cores between 0.01 and 1024");
        }
        size("memory", memory);
        size("diskReadBytesPerSec", diskReadBytesPerSec);
        size("diskWriteBytesPerSec", diskWriteBytesPerSec);
        positive("diskReadIops", diskReadIops);
        positive("diskWriteIops", diskWriteIops);
    }

    private static void size(String field, String value) {
        if (value == null) {
            return;
        }
        try {
            ByteSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field("cluster.limits." + field, value, e.getMessage());
        }
    }

    private static void positive(String field, Integer value) {
        if (value != null && value < 1) {
            throw InvalidInputException.field("cluster.limits." + field, value, "must be at least 1");
        }
    }

    /** Memory in bytes, or null. */
    public Long memoryBytes() {
        return memory == null ? null : ByteSize.parse(memory);
    }

    /**
     * The CPU one broker may use, in cores: the smaller of {@code cpuQuota} and the number of CPUs in {@code cpus};
     * null when neither is set.
     */
    public Double cpuCores() {
        Double fromSet = cpus == null ? null : (double) cpuSet(cpus).cardinality();
        if (fromSet == null || cpuQuota == null) {
            return fromSet == null ? cpuQuota : fromSet;
        }
        return Math.min(fromSet, cpuQuota);
    }

    /** The CPUs of a list the pattern accepted ({@code 0-3,6}); a CPU named twice counts once; empty when a range is reversed. */
    private static BitSet cpuSet(String list) {
        BitSet set = new BitSet();
        for (String part : list.trim().split(",")) {
            String[] range = part.split("-");
            int from = Integer.parseInt(range[0]);
            int to = Integer.parseInt(range[range.length - 1]);
            if (to < from) {
                return new BitSet();
            }
            set.set(from, to + 1);
        }
        return set;
    }

    /** Read bandwidth in bytes/s, or null. */
    public Long diskReadBytesPerSecValue() {
        return diskReadBytesPerSec == null ? null : ByteSize.parse(diskReadBytesPerSec);
    }

    /** Write bandwidth in bytes/s, or null. */
    public Long diskWriteBytesPerSecValue() {
        return diskWriteBytesPerSec == null ? null : ByteSize.parse(diskWriteBytesPerSec);
    }
}
