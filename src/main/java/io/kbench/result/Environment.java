package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a run happened: versions and hardware, recorded in every result.
 *
 * @param kbenchVersion      kbench version
 * @param kafkaClientVersion kafka-clients version used by the load generator
 * @param clientJdk          JDK running the load generator
 * @param os                 operating system name, version and architecture
 * @param cpuModel           CPU model name from /proc/cpuinfo ("unknown" elsewhere)
 * @param cores              processors available to the load generator
 * @param maxHeapBytes       load generator's maximum heap
 * @param cpuFlags           the CPU features that change Kafka's cost, present on this CPU: AES and carry-less
 *                           multiply (TLS), SHA, AVX2 and AVX-512 (compression, CRC); absent when unreadable
 * @param transparentHugePages the kernel's THP mode ("always", "madvise" or "never"); absent when unreadable
 * @param clientCpus         the CPU set the load generator was held to (--client-cpus); absent when unrestricted
 * @param clientJvm          the load generator's JIT compilers and garbage collector, e.g. "C1 only, Serial GC" (the
 *                           launcher chooses per run); absent in results written before it was recorded
 */
public record Environment(String kbenchVersion, String kafkaClientVersion, String clientJdk, String os,
                          String cpuModel, int cores, long maxHeapBytes,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<String> cpuFlags,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String transparentHugePages,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String clientCpus,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String clientJvm) {
    /** The /proc/cpuinfo flags worth recording, in this order. */
    static final List<String> FLAGS = List.of("aes", "pclmulqdq", "vaes", "vpclmulqdq", "sha_ni", "avx2", "avx512f",
            "avx512bw", "avx512vl");
    private static volatile String clientCpuSet;

    public static Environment capture() {
        return new Environment(Versions.kbench(), Versions.kafka(),
                System.getProperty("java.vendor") + " " + System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                readCpuModel(), Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(),
                readCpuFlags(), readThp(), clientCpuSet, JvmFlavour.current());
    }

    /** Tells every later {@link #capture()} that the load generator runs on {@code cpus} (--client-cpus). */
    public static void clientCpus(String cpus) {
        clientCpuSet = cpus;
    }

    private static List<String> readCpuFlags() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("flags")).findFirst()
                    .map(l -> List.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+")))
                    .map(present -> FLAGS.stream().filter(present::contains).toList()).orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The bracketed mode of /sys/kernel/mm/transparent_hugepage/enabled, e.g. "always [madvise] never". */
    private static String readThp() {
        try {
            String text = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
            int open = text.indexOf('[');
            int close = text.indexOf(']');
            return open >= 0 && close > open ? text.substring(open + 1, close) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String readCpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
