package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreePortsTest {
    @Test
    void picksDistinctPortsThatCanBeBound() throws Exception {
        List<Integer> ports = FreePorts.pick(18);
        assertThat(ports).hasSize(18).doesNotHaveDuplicates().allMatch(p -> p > 0 && p < 65536);
        for (int port : ports) {
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
                assertThat(s.getLocalPort()).isEqualTo(port);
            }
        }
    }

    @Test
    void layoutNeedsThreePortsPerNode() {
        List<BrokerNode> nodes = BrokerNode.layout(2, FreePorts.pick(6));
        assertThat(nodes).extracting(BrokerNode::id).containsExactly(1, 2);
        assertThat(nodes).flatExtracting(BrokerNode::port, BrokerNode::controllerPort, BrokerNode::jmxPort)
                .doesNotHaveDuplicates();
    }

    @Test
    void portsComeFromBelowTheEphemeralRangeSoNoOutgoingConnectionCanTakeThem() {
        assertThat(FreePorts.pick(30, FreePorts.LOWEST, 32768)).hasSize(30).doesNotHaveDuplicates()
                .allMatch(p -> p >= FreePorts.LOWEST && p < 32768);
    }

    @Test
    void aTooNarrowOrUnknownRangeLeavesTheChoiceToTheKernel() {
        assertThat(FreePorts.pick(3, FreePorts.LOWEST, FreePorts.LOWEST + 10)).hasSize(3).doesNotHaveDuplicates()
                .allMatch(p -> p > 0 && p < 65536);
        assertThat(FreePorts.pick(3, FreePorts.LOWEST, 0)).hasSize(3).doesNotHaveDuplicates();
    }

    @Test
    void aPortInUseIsNotPicked() throws Exception {
        // 1,000 candidates (the fewest FreePorts accepts) with every other one taken: none of the taken is picked.
        int start = 40_000;
        List<ServerSocket> taken = new java.util.ArrayList<>();
        try {
            for (int port = start - 1_000; port < start; port += 2) {
                ServerSocket s = new ServerSocket();
                try {
                    s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
                    taken.add(s);
                } catch (java.io.IOException e) {
                    s.close(); // taken by someone else already: just as good
                }
            }
            List<Integer> takenPorts = taken.stream().map(ServerSocket::getLocalPort).toList();
            List<Integer> picked = FreePorts.pick(20, start - 1_000, start);
            assertThat(picked).hasSize(20).doesNotContainAnyElementsOf(takenPorts).allMatch(p -> p >= start - 1_000 && p < start);
        } finally {
            for (ServerSocket s : taken) {
                s.close();
            }
        }
    }

    @Test
    void theEphemeralRangeIsReadFromTheKernelsFile(@TempDir Path dir) throws Exception {
        assertThat(FreePorts.ephemeralStart(Files.writeString(dir.resolve("range"), "32768\t60999\n"))).isEqualTo(32768);
        assertThat(FreePorts.ephemeralStart(dir.resolve("absent"))).isZero();
        assertThat(FreePorts.ephemeralStart(Files.writeString(dir.resolve("bad"), "x"))).isZero();
    }
}
