package io.kbench.cluster.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.network.NetworkProxies.Listener;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxies on real loopback sockets, in front of an echo server standing in for a broker. */
class NetworkProxiesTest {
    private static final EnumSet<Listener> CLIENT = EnumSet.of(Listener.CLIENT);

    private ServerSocket echo;
    private NetworkProxies proxies;
    private int proxyPort;

    @BeforeEach
    void start() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::serveEcho, "echo");
        t.setDaemon(true);
        t.start();
        proxyPort = freePort();
        proxies = new NetworkProxies();
        proxies.open(1, Listener.CLIENT, proxyPort, echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxies.close();
        echo.close();
    }

    private void serveEcho() {
        while (!echo.isClosed()) {
            try {
                Socket s = echo.accept();
                Thread t = new Thread(() -> {
                    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        in.transferTo(out);
                    } catch (IOException ignored) {
                        // The test closed it.
                    }
                });
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    private Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), proxyPort);
        s.setSoTimeout(5_000);
        return s;
    }

    /** Milliseconds from writing one byte to reading it back. */
    private static long roundTripMillis(Socket s, int b) throws IOException {
        long t0 = System.nanoTime();
        s.getOutputStream().write(b);
        s.getOutputStream().flush();
        assertThat(s.getInputStream().read()).isEqualTo(b);
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static long fastestRoundTripMillis(Socket s, int b) throws IOException {
        return Math.min(roundTripMillis(s, b), Math.min(roundTripMillis(s, b), roundTripMillis(s, b)));
    }

    @Test
    void aDelayAddsItToEachRoundTripAndHealingRemovesIt() throws IOException {
        try (Socket s = connect()) {
            // The fastest of three: the first round trip also starts the proxy's threads (222 ms once on a busy
            // 2-core CI run), while a delay in force would slow every one of them.
            long before = fastestRoundTripMillis(s, 1);
            proxies.impair(1, CLIENT, Impairment.delay(Duration.ofMillis(150), Duration.ZERO));
            long delayed = roundTripMillis(s, 2);
            assertThat(delayed).as("one delayed direction (the broker's egress)").isBetween(150L, 150L + 1_000);
            proxies.heal(1, CLIENT);
            assertThat(fastestRoundTripMillis(s, 3)).isLessThan(150L);
            assertThat(before).isLessThan(150L);
        }
    }

    @Test
    void aPeersDelayOnTheConnectingBrokerDelaysWhatItSends() throws IOException {
        // This JVM stands in for broker 2 connecting to broker 1's replication listener.
        long me = ProcessHandle.current().pid();
        proxies.identifyPeersBy(() -> java.util.Map.of(me, 2));
        int replicationPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            replicationPort = free.getLocalPort();
        }
        proxies.open(1, Listener.REPLICATION, replicationPort, echo.getLocalPort());
        proxies.impair(2, EnumSet.of(Listener.REPLICATION), Impairment.delay(Duration.ofMillis(150), Duration.ZERO));
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), replicationPort)) {
            s.setSoTimeout(5_000);
            for (int i = 0; i < 3; i++) {
                assertThat(roundTripMillis(s, i)).as("round trip %d", i).isBetween(150L, 150L + 1_000);
            }
            proxies.heal(2, EnumSet.of(Listener.REPLICATION));
            assertThat(roundTripMillis(s, 9)).isLessThan(150L);
        }
    }

    @Test
    void aPeerConnectedBeforeItsProcessWasKnownIsStillDelayedOnceItIs() throws Exception {
        // As a follower's fetch connection opened by the readiness probe's topic, before kbench knew the broker pids:
        // Kafka's fetcher keeps that connection, so a fault on that follower must still reach it.
        long me = ProcessHandle.current().pid();
        int replicationPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            replicationPort = free.getLocalPort();
        }
        proxies.open(1, Listener.REPLICATION, replicationPort, echo.getLocalPort());
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), replicationPort)) {
            s.setSoTimeout(5_000);
            roundTripMillis(s, 1);
            proxies.identifyPeersBy(() -> java.util.Map.of(me, 2));
            proxies.impair(2, EnumSet.of(Listener.REPLICATION), Impairment.delay(Duration.ofMillis(150), Duration.ZERO));
            Thread.sleep(2 * PeerSource.RETRY_NANOS / 1_000_000);
            for (int i = 0; i < 3; i++) {
                assertThat(roundTripMillis(s, 10 + i)).as("round trip %d", i).isBetween(150L, 150L + 1_000);
            }
        }
    }

    @Test
    void bytesKeepTheirOrderThroughAJitteredDelay() throws IOException {
        proxies.impair(1, CLIENT, Impairment.delay(Duration.ofMillis(20), Duration.ofMillis(20)));
        try (Socket s = connect()) {
            byte[] sent = new byte[200_000];
            for (int i = 0; i < sent.length; i++) {
                sent[i] = (byte) (i * 31);
            }
            Thread writer = new Thread(() -> {
                try {
                    for (int off = 0; off < sent.length; off += 1000) {
                        s.getOutputStream().write(sent, off, 1000);
                    }
                } catch (IOException ignored) {
                    // Seen as a short read below.
                }
            });
            writer.start();
            byte[] got = s.getInputStream().readNBytes(sent.length);
            assertThat(got).isEqualTo(sent);
        }
    }

    @Test
    void isolateHoldsTrafficUntilHealed() throws Exception {
        try (Socket s = connect()) {
            roundTripMillis(s, 1);
            proxies.impair(1, CLIENT, Impairment.blackhole());
            s.setSoTimeout(300);
            s.getOutputStream().write(2);
            boolean timedOut = false;
            try {
                s.getInputStream().read();
            } catch (SocketTimeoutException e) {
                timedOut = true;
            }
            assertThat(timedOut).as("nothing comes back while isolated").isTrue();
            proxies.heal(1, CLIENT);
            s.setSoTimeout(5_000);
            assertThat(s.getInputStream().read()).as("the held byte arrives after the heal").isEqualTo(2);
        }
    }

    @Test
    void dropClosesConnectionsAndRefusesNewOnesUntilHealed() throws IOException {
        try (Socket s = connect()) {
            roundTripMillis(s, 1);
            proxies.impair(1, CLIENT, Impairment.dropConnections());
            assertThat(readOrEnd(s)).as("the open connection is closed").isEqualTo(-1);
        }
        try (Socket s = connect()) {
            s.getOutputStream().write(1);
            assertThat(readOrEnd(s)).as("a new connection is closed at once").isEqualTo(-1);
        }
        proxies.heal(1, CLIENT);
        try (Socket s = connect()) {
            assertThat(roundTripMillis(s, 4)).isLessThan(1_000L);
        }
    }

    @Test
    void resetFreesThePortsForAnotherStartAttemptAndCloseIsFinal() throws IOException {
        proxies.impair(1, CLIENT, Impairment.dropConnections());
        proxies.reset();
        // A start that lost a broker's port opens its proxies again, on other ports, with no impairment. A fresh port:
        // the one just freed may already be another socket's ephemeral port (the suite's other tests run beside it).
        proxyPort = freePort();
        proxies.open(1, Listener.CLIENT, proxyPort, echo.getLocalPort());
        try (Socket s = connect()) {
            assertThat(roundTripMillis(s, 4)).isLessThan(1_000L);
        }
        proxies.close();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> proxies.open(1, Listener.CLIENT, proxyPort,
                echo.getLocalPort())).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void closeLeavesNoProxyThread() throws IOException, InterruptedException {
        try (Socket s = connect()) {
            roundTripMillis(s, 1);
        }
        proxies.close();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline && proxyThreads() > 0) {
            Thread.sleep(20);
        }
        assertThat(proxyThreads()).isZero();
    }

    private static long proxyThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("kbench-proxy")).count();
    }

    private static int readOrEnd(Socket s) {
        try {
            return s.getInputStream().read();
        } catch (IOException e) {
            return -1;
        }
    }
}
