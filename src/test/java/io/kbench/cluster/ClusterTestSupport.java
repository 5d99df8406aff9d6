package io.kbench.cluster;

import java.util.List;
import java.util.Map;

/** Small helpers shared by the cluster integration tests. */
final class ClusterTestSupport {
    /** Small heaps keep 3 brokers plus the test JVM comfortable on a 2-core CI box. */
    static final String TEST_HEAP = "256m";

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

}
