package io.kbench.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
 */
public record Environment(String kbenchVersion, String kafkaClientVersion, String clientJdk, String os,
                          String cpuModel, int cores, long maxHeapBytes) {

    public static Environment capture() {
        return new Environment(Versions.kbench(), Versions.kafka(),
                System.getProperty("java.vendor") + " " + System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                readCpuModel(), Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory());
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
