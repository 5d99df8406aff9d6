package io.kbench.telemetry;

import io.kbench.result.BrokerVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
            System.setProperty("sun.rmi.dgc.client.gcInterval", Long.toString(Long.MAX_VALUE));
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
            Set<ObjectName> names = server.queryNames(APP_INFO, null);
            // A combined broker and controller may register more than one app-info MBean; they describe one JVM, so
            // any with a version will do; the lowest id first, for a stable choice.
            for (ObjectName n : names.stream().sorted().toList()) {
                Object version = server.getAttribute(n, "Version");
                if (version == null) {
                    continue;
                }
                Object commit = server.getAttribute(n, "CommitId");
                return Optional.of(new BrokerVersion(nodeId(n.getKeyProperty("id")), address, version.toString(),
                        commit == null ? null : commit.toString(), javaVersion(server)));
            }
            return Optional.empty();
        } catch (Exception | LinkageError unreadable) {
            return Optional.empty();
        }
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
