package io.kbench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reachability probe started ahead of the run's own checks: it answers later, with the same one-line error. */
class ClusterProbeTest {
    @Test
    void aStartedProbeReturnsAtOnceAndReportsAnUnreachableClusterWhenAwaited() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // free, and closed once this block ends: nothing answers there
        }
        long started = System.nanoTime();
        ClusterProbe.Pending probe = ClusterProbe.start(Map.of("bootstrap.servers", "127.0.0.1:" + port));
        long startMillis = (System.nanoTime() - started) / 1_000_000;
        assertThatThrownBy(probe::await).isInstanceOf(RunFailedException.class)
                .hasMessageStartingWith("cannot reach Kafka at 127.0.0.1:" + port);
        long awaitedMillis = (System.nanoTime() - started) / 1_000_000;
        // The probe waits for the cluster on its own thread: the caller goes on with its checks meanwhile.
        assertThat(startMillis).as("start() returned after %d ms, the answer came after %d ms", startMillis, awaitedMillis)
                .isLessThan(awaitedMillis / 2);
        assertThat(awaitedMillis).isLessThan(ClusterProbe.TIMEOUT.toMillis() + 5_000);
    }

    @Test
    void nothingToProbeIsAlreadyAnswered() {
        ClusterProbe.Pending.NONE.await();
    }

    @Test
    void theTimeoutIsEightSecondsUnlessASensibleNumberOfSecondsIsSet() {
        assertThat(ClusterProbe.timeout(null)).hasSeconds(8);
        assertThat(ClusterProbe.timeout(" 2 ")).hasSeconds(2);
        assertThat(ClusterProbe.timeout("0")).hasSeconds(8);
        assertThat(ClusterProbe.timeout("301")).hasSeconds(8);
        assertThat(ClusterProbe.timeout("2s")).hasSeconds(8);
    }
}
