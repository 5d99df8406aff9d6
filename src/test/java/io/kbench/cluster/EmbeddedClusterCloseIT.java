package io.kbench.cluster;

import static io.kbench.cluster.ClusterTestSupport.killAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.RunFailedException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Closing a cluster whose paused broker cannot be resumed. Failed before the fix: the failed SIGCONT skipped stopping
 * the brokers, so they, the network proxies and the temporary data dir stayed, and a sweep's next point ran beside
 * them.
 */
@EmbeddedKafka
class EmbeddedClusterCloseIT {
    @Test
    void aFailedResumeStillStopsEverything() throws Exception {
        EmbeddedCluster cluster = startBehindProxies();
        List<Long> pids = cluster.pids();
        Path dataDir = cluster.dataDir();
        String firstProxy = cluster.bootstrapServers().split(",")[0];
        int proxyPort = Integer.parseInt(firstProxy.substring(firstProxy.lastIndexOf(':') + 1));
        try {
            cluster.pause(1);
            assertThat(cluster.isPaused(1)).isTrue();
            // What an interrupted run's close meets: the SIGCONT's 'kill' cannot be waited for, so resume throws.
            Thread.currentThread().interrupt();
            assertThatThrownBy(cluster::close).isInstanceOf(RunFailedException.class)
                    .hasMessageStartingWith("broker 1 was paused and could not be resumed, so it was killed: ");
            assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();

            assertThat(pids).as("broker pids after close").noneMatch(ClusterTestSupport::alive);
            assertThat(dataDir).as("the temporary data dir").doesNotExist();
            assertThatThrownBy(() -> new Socket("127.0.0.1", proxyPort).close()).as("the proxy of broker 1")
                    .isInstanceOf(ConnectException.class);
        } finally {
            Thread.interrupted();
            killAll(pids);
            if (Files.exists(dataDir)) {
                DataDirectory.delete(dataDir);
            }
        }
    }

    /**
     * A cluster behind the network proxies. ClusterStarter starts again on other ports when a broker loses a port to
     * another process, but not behind proxies (their ports are fixed by then); with the other ITs running beside this
     * one a port can be taken between choosing and binding it, which is not what this test is about.
     */
    private static EmbeddedCluster startBehindProxies() {
        for (int attempt = 1; ; attempt++) {
            try {
                return EmbeddedCluster.start(ClusterTestSupport.params(2, Map.of()), true, System.out,
                        EmbeddedCluster.DEFAULT_READY_TIMEOUT, true);
            } catch (RunFailedException e) {
                if (attempt == 3 || e.getMessage() == null || !e.getMessage().contains("Address already in use")) {
                    throw e;
                }
            }
        }
    }
}
