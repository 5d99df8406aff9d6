package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Small helpers shared by the integration tests that start brokers. */
public final class ClusterTestSupport {
    /** Small heaps keep 3 brokers plus the test JVM comfortable on a 2-core CI box. */
    public static final String TEST_HEAP = "256m";

    private ClusterTestSupport() {
    }

    static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Pids of every live process whose command line mentions {@code marker}. */
    static List<Long> processesMentioning(String marker) {
        return ProcessHandle.allProcesses()
                .filter(p -> CommandLines.of(p).contains(marker))
                .filter(p -> p.pid() != ProcessHandle.current().pid())
                .map(ProcessHandle::pid)
                .toList();
    }

    /** Last resort after a failed assertion: no broker may outlive its test. */
    static void killAll(List<Long> pids) {
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    static ClusterParams params(int brokers, Map<String, String> config) {
        return new ClusterParams(brokers, null, false, config, null, TEST_HEAP, List.of(), null);
    }

    /**
     * The whole command line of a process. The JDK's {@code ProcessHandle.Info.commandLine()} is cut at one page on
     * Linux, which loses "kafka.Kafka" after a long class path; /proc has all of it.
     */
    public static String commandLine(ProcessHandle p) {
        return CommandLines.of(p);
    }

    /** Whether {@code p} is a broker JVM. */
    public static boolean isBroker(ProcessHandle p) {
        return commandLine(p).contains("kafka.Kafka");
    }

    /** Broker JVMs whose command line names {@code dir} (their config or logs are under it). */
    public static List<ProcessHandle> brokersOf(Path dir) {
        String marker = dir.toAbsolutePath().toString();
        return ProcessHandle.allProcesses().filter(p -> {
            String c = commandLine(p);
            return c.contains("kafka.Kafka") && c.contains(marker);
        }).toList();
    }

    /** Waits up to {@code wait} for the broker JVMs naming {@code dir} to exit; none may be left. */
    public static void assertNoBrokerLeft(Path dir, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!brokersOf(dir).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        List<ProcessHandle> left = brokersOf(dir);
        left.forEach(ProcessHandle::destroyForcibly); // the assertion fails, and the next test starts clean
        assertThat(left.stream().map(ProcessHandle::pid).toList()).as("broker processes left behind under " + dir)
                .isEmpty();
    }
}
