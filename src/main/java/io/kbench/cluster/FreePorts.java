package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Picks free loopback ports by letting the OS choose them. */
final class FreePorts {
    private FreePorts() {
    }

    /** Returns {@code count} distinct free ports on 127.0.0.1. */
    static List<Integer> pick(int count) {
        // All sockets stay open until every port is picked, so the OS cannot hand out the same port twice.
        List<ServerSocket> sockets = new ArrayList<>(count);
        try {
            List<Integer> ports = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket();
                sockets.add(socket);
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(InetAddress.getByName(BrokerConfigs.HOST), 0));
                ports.add(socket.getLocalPort());
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
}
