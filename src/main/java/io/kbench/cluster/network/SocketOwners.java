package io.kbench.cluster.network;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Which local process owns the client end of a loopback connection, from /proc (Linux): the proxy sees a peer's
 * connection come from an ephemeral port, and this finds the broker JVM holding that socket, so a fault on broker N's
 * replication also slows or cuts N's own fetches from its leaders. Looked up once per accepted connection.
 */
final class SocketOwners {
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));

    private SocketOwners() {
    }

    /**
     * The broker (a value of {@code brokerByPid}) whose process holds the socket from {@code peerPort} to
     * {@code proxyPort}; 0 when none does or /proc cannot tell.
     */
    static int brokerOf(int peerPort, int proxyPort, Map<Long, Integer> brokerByPid) {
        String inode = inode(peerPort, proxyPort);
        if (inode == null) {
            return 0;
        }
        String link = "socket:[" + inode + "]";
        for (Map.Entry<Long, Integer> e : brokerByPid.entrySet()) {
            if (holds(e.getKey(), link)) {
                return e.getValue();
            }
        }
        return 0;
    }

    private static String inode(int localPort, int remotePort) {
        for (Path table : TABLES) {
            try {
                for (String line : Files.readAllLines(table)) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && port(f[1]) == localPort && port(f[2]) == remotePort) {
                        return f[9];
                    }
                }
            } catch (IOException | RuntimeException e) {
                // No /proc (not Linux) or a table that changed under us: the source stays unknown.
            }
        }
        return null;
    }

    private static int port(String address) {
        int colon = address.lastIndexOf(':');
        return colon < 0 ? -1 : Integer.parseInt(address.substring(colon + 1), 16);
    }

    private static boolean holds(long pid, String link) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(link)) {
                        return true;
                    }
                } catch (IOException closedMeanwhile) {
                    // The descriptor went away while we looked.
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }
}
