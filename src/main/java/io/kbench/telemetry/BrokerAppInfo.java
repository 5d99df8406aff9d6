package io.kbench.telemetry;

import io.kbench.result.BrokerVersion;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The versions each broker reports of itself over JMX: Kafka's {@code kafka.server:type=app-info,id=<node id>} MBean
 * (its {@code Version} and {@code CommitId}, what {@code AppInfoParser} registers when the broker starts) and the
 * JVM's {@code java.version}. Read, not copied from a setting, so a result names what actually ran, for external
 * clusters too ({@code --broker-jmx}) and after a broker was restarted on another release.
 */
public final class BrokerAppInfo {
    private static final ObjectName APP_INFO = name("kafka.server:type=app-info,*");
    private static final ObjectName RUNTIME = name("java.lang:type=Runtime");
    /** A broker that does not answer its JMX port within this costs the result its versions, not the run. */
    private static final long TIMEOUT_SECONDS = 10;

    static {
        // As in JmxBrokerSource: without this, the first RMI connection of a JVM (this one, when telemetry is off)
        // arms RMI's distributed GC, a System.gc() in the load generator once an hour for the rest of a sweep.
        if (System.getProperty("sun.rmi.dgc.client.gcInterval") == null) {
            System.setProperty("sun.rmi.dgc.client.gcInterval", JmxDgc.NO_GC_INTERVAL);
        }
    }

    private BrokerAppInfo() {
    }

    /**
     * Each broker's versions, in the order given, reading them in parallel; a broker that cannot be read (gone,
     * refusing the credentials, no app-info MBean) is left out, so the result says less rather than something wrong.
     */
    public static List<BrokerVersion> read(List<BrokerEndpoint> brokers, String[] credentials) {
        if (brokers.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(brokers.size(), 8), r -> {
            Thread t = new Thread(r, "kbench-broker-versions");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Optional<BrokerVersion>>> reads = new ArrayList<>();
            for (BrokerEndpoint b : brokers) {
                reads.add(pool.submit(() -> one(b.jmxAddress(), credentials)));
            }
            List<BrokerVersion> versions = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            for (Future<Optional<BrokerVersion>> f : reads) {
                try {
                    f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS).ifPresent(versions::add);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } catch (Exception unreadable) {
                    f.cancel(true);
                }
            }
            return versions;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Optional<BrokerVersion> one(String address, String[] credentials) {
        Map<String, Object> env = new HashMap<>();
        if (credentials != null) {
            env.put(JMXConnector.CREDENTIALS, credentials);
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(
                new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address + "/jmxrmi"), env)) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            // A broker registers its app-info more than once: kafka.server:type=app-info,id=<node id> (AppInfoParser's
            // MBean: Version, CommitId) and, as metrics, kafka.server:type=app-info and ...,client-id=<node id>
            // (version, commit-id). The one with the node id first; any other that answers will do.
            List<ObjectName> names = server.queryNames(APP_INFO, null).stream()
                    .sorted(Comparator.comparing((ObjectName n) -> n.getKeyProperty("id") == null)
                            .thenComparing(Comparator.naturalOrder())).toList();
            for (ObjectName n : names) {
                Optional<String[]> versionAndCommit = versionAndCommit(server, n);
                if (versionAndCommit.isPresent()) {
                    String id = n.getKeyProperty("id") != null ? n.getKeyProperty("id") : n.getKeyProperty("client-id");
                    return Optional.of(new BrokerVersion(nodeId(id), address, versionAndCommit.get()[0],
                            versionAndCommit.get()[1], javaVersion(server)));
                }
            }
            return Optional.empty();
        } catch (Exception | LinkageError unreadable) {
            return Optional.empty();
        }
    }

    /** {version, commit} from either form of the MBean; empty when it has neither. */
    private static Optional<String[]> versionAndCommit(MBeanServerConnection server, ObjectName name) {
        for (String[] attributes : List.of(new String[] {"Version", "CommitId"}, new String[] {"version", "commit-id"})) {
            try {
                Object version = server.getAttribute(name, attributes[0]);
                if (version != null) {
                    Object commit = server.getAttribute(name, attributes[1]);
                    return Optional.of(new String[] {version.toString(), commit == null ? null : commit.toString()});
                }
            } catch (Exception | LinkageError notThisForm) {
                // the other form, or the next MBean
            }
        }
        return Optional.empty();
    }

    private static Integer nodeId(String id) {
        try {
            return id == null ? null : Integer.valueOf(id);
        } catch (NumberFormatException notNumeric) {
            return null;
        }
    }

    private static String javaVersion(MBeanServerConnection server) {
        try {
            TabularData properties = (TabularData) server.getAttribute(RUNTIME, "SystemProperties");
            CompositeData row = properties.get(new Object[] {"java.version"});
            return row == null ? null : String.valueOf(row.get("value"));
        } catch (Exception | LinkageError unreadable) {
            return null;
        }
    }

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }
}
