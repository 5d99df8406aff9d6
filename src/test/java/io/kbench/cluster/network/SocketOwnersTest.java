package io.kbench.cluster.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The owner of a loopback connection's client end, found through /proc: here, this JVM. */
class SocketOwnersTest {
    @Test
    void findsTheProcessHoldingTheConnectingSocket() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc");
        long me = ProcessHandle.current().pid();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            assertThat(accepted.getPort()).isEqualTo(client.getLocalPort());
            assertThat(SocketOwners.brokerOf(accepted.getPort(), server.getLocalPort(), Map.of(me, 7))).isEqualTo(7);
            assertThat(SocketOwners.brokerOf(accepted.getPort(), server.getLocalPort(), Map.of(me + 1_000_000, 7)))
                    .as("not a broker's socket").isZero();
            assertThat(SocketOwners.brokerOf(accepted.getPort(), server.getLocalPort() + 1, Map.of(me, 7)))
                    .as("no such connection").isZero();
        }
    }
}
