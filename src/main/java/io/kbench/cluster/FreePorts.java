package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks free loopback ports for brokers, below the kernel's ephemeral range. A broker binds its ports seconds after
 * they were picked (its JVM starts first), and a port from the ephemeral range can be taken in between by any
 * outgoing connection on the machine (every Kafka client's): the broker then died with "Address already in use".
 * Ports below that range are never handed out by the kernel, only by someone who asks for them by number.
 */
final class FreePorts {
    /** Where the kernel's range of ports for outgoing connections is; absent on non-Linux systems. */
    static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** The lowest port picked: above the well-known and most registered service ports. */
    static final int LOWEST = 10_000;
    /** Below this many candidates between LOWEST and the ephemeral range, the kernel chooses instead. */
    private static final int MIN_CANDIDATES = 1_000;

    private FreePorts() {
    }

    /** Returns {@code count} distinct free ports on 127.0.0.1. */
    static List<Integer> pick(int count) {
        return pick(count, LOWEST, ephemeralStart(EPHEMERAL_RANGE));
    }

    /**
     * Returns {@code count} distinct ports that can be bound now, chosen at random from [lowest, end); when that range
     * is too small (an unknown ephemeral range is 0), ports the kernel chooses.
     */
    static List<Integer> pick(int count, int lowest, int end) {
        boolean ownRange = end - lowest >= MIN_CANDIDATES;
        // All sockets stay open until every port is picked, so no port is picked twice.
        List<ServerSocket> sockets = new ArrayList<>(count);
        try {
            Set<Integer> ports = new LinkedHashSet<>();
            int tries = 0;
            while (ports.size() < count) {
                int port = ownRange ? ThreadLocalRandom.current().nextInt(lowest, end) : 0;
                ServerSocket socket = bound(port);
                if (socket != null) {
                    sockets.add(socket);
                    ports.add(socket.getLocalPort());
                } else if (++tries > 100 * count) {
                    // Thousands of ports taken in a row: something is badly wrong; let the kernel choose.
                    ownRange = false;
                }
            }
            return List.copyOf(ports);
        } catch (IOException e) {
            throw new RunFailedException("cannot find free ports on " + BrokerConfigs.HOST + ": " + e.getMessage(), e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // Closing a listening socket that accepted nothing cannot leave anything behind.
                }
            }
        }
    }

    /** A socket bound to {@code port} (0: one the kernel chooses), or null when that port is in use. */
    private static ServerSocket bound(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        try {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(BrokerConfigs.HOST), port));
            return socket;
        } catch (IOException e) {
            socket.close();
            if (port == 0) {
                throw e;
            }
            return null;
        }
    }

    /** The first port of the kernel's ephemeral range, or 0 when it cannot be read. */
    static int ephemeralStart(Path rangeFile) {
        try {
            String[] range = Files.readString(rangeFile).trim().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
