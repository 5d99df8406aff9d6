package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetrySourceKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.management.Attribute;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * One broker read over JMX (javax.management.remote, RMI): the same path for brokers kbench launched and for
 * external ones. Counters are turned into per-interval figures by {@link BrokerFigures}. A broker that stops
 * answering blocks this source's thread only; the sampler bounds the wait.
 */
final class JmxBrokerSource implements SampledSource {
    private final BrokerEndpoint endpoint;
    private final Map<String, Object> environment;
    private final BrokerMBeans beans;
    static {
        // RMI's distributed GC makes a JVM holding remote references call System.gc() once an hour by default: a
        // full GC in the load generator in the middle of a long run. kbench's JMX connections need no distributed GC.
        if (System.getProperty("sun.rmi.dgc.client.gcInterval") == null) {
            System.setProperty("sun.rmi.dgc.client.gcInterval", JmxDgc.NO_GC_INTERVAL);
        }
    }

    /** The one-call read of a broker kbench launched: {@code io.kbench.cluster.BrokerBatchRead}'s name. */
    static final ObjectName BATCH_READ = name("io.kbench:type=BrokerBatchRead");
    private static final int PARALLEL_READS = 6;
    private final BrokerFigures figures = new BrokerFigures();
    private final BrokerNames names;
    private final ExecutorService readers;
    private JMXConnector connector;
    private MBeanServerConnection server;
    private List<ObjectName> collectors = List.of();
    /** Whether the broker has the batch read MBean: asked on each connect. */
    private boolean batch;
    /** The broker's CPU-quota throttling, read from its cgroup; null when it runs without a quota. */
    private CgroupThrottling throttling;

    /** {@code credentials}: user and password for an authenticating JMX agent, or null. */
    JmxBrokerSource(BrokerEndpoint endpoint, String topic, String[] credentials) {
        this.endpoint = endpoint;
        this.beans = new BrokerMBeans(topic);
        this.names = new BrokerNames(beans);
        this.environment = new HashMap<>();
        this.readers = Executors.newFixedThreadPool(PARALLEL_READS, r -> {
            Thread t = new Thread(r, "kbench-telemetry-jmx-" + endpoint.id());
            t.setDaemon(true);
            return t;
        });
        if (credentials != null) {
            environment.put(JMXConnector.CREDENTIALS, credentials);
        }
    }

    @Override
    public String id() {
        return endpoint.id();
    }

    @Override
    public TelemetrySourceKind kind() {
        return endpoint.embedded() ? TelemetrySourceKind.EMBEDDED_JMX : TelemetrySourceKind.JMX;
    }

    @Override
    public String address() {
        return endpoint.jmxAddress();
    }

    @Override
    public void open() throws IOException {
        connect();
    }

    private void connect() throws IOException {
        if (throttling == null && endpoint.embedded()) {
            throttling = CgroupThrottling.of(endpoint.pid());
        }
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + endpoint.jmxAddress() + "/jmxrmi");
        connector = JMXConnectorFactory.connect(url, environment);
        server = connector.getMBeanServerConnection();
        names.reset();
        batch = server.isRegistered(BATCH_READ);
        collectors = new ArrayList<>();
        for (ObjectName gc : server.queryNames(BrokerMBeans.GARBAGE_COLLECTORS, null)) {
            if (GcPauses.isPauseCollector(gc.getKeyProperty("name"))) {
                collectors.add(gc);
            }
        }
    }

    @Override
    public void sample(Sample out, long nowNanos) throws Exception {
        if (server == null) {
            connect();
        }
        try {
            figures.update(read(), nowNanos, out);
            if (throttling != null) {
                throttling.sample(out);
            }
        } catch (IOException e) {
            // The connection is broken (broker restarted or gone): connect afresh next time.
            disconnect();
            throw e;
        }
    }

    /**
     * One reading of every attribute kbench uses, keyed {@code <bean key>.<attribute>}; missing beans are left out.
     * A broker kbench launched answers it in one call ({@link #BATCH_READ}); any other gets one call per MBean, in
     * parallel: each is a round trip that waits for a broker thread to be scheduled, which on a busy machine takes
     * milliseconds, so one after the other they could take longer than an interval. Pattern look-ups and probes found
     * missing are left to {@link BrokerNames}' schedule.
     */
    Map<String, Double> read() throws Exception {
        names.refresh(server);
        List<BrokerReading.Item> items = BrokerReading.items(beans, names, collectors);
        double[] read = batch ? readBatch(items) : null;
        if (read == null) {
            read = readEach(items);
        }
        BrokerReading.Values v = BrokerReading.fold(items, read);
        figures.partitions(v.segments(), v.logStarts());
        return v.values();
    }

    /** Whether this connection reads the broker in one call. */
    boolean batched() {
        return batch;
    }

    /** All items in one call, or null (and one MBean at a time from now on) if the broker's answer is not one. */
    private double[] readBatch(List<BrokerReading.Item> items) throws IOException {
        try {
            if (server.getAttribute(BATCH_READ, BrokerReading.request(items)) instanceof double[] d
                    && d.length == items.size()) {
                return d;
            }
        } catch (javax.management.JMException | RuntimeException e) {
            // An older or different MBean under that name: read one MBean at a time.
        }
        batch = false;
        return null;
    }

    /** One call per MBean, in parallel; an MBean not registered is marked missing until the next look-up. */
    private double[] readEach(List<BrokerReading.Item> items) throws Exception {
        double[] read = new double[items.size()];
        Arrays.fill(read, Double.NaN);
        Map<ObjectName, List<Integer>> byName = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            byName.computeIfAbsent(items.get(i).name(), n -> new ArrayList<>()).add(i);
        }
        List<Callable<Void>> calls = new ArrayList<>();
        byName.forEach((name, indexes) -> calls.add(() -> {
            readInto(read, items, name, indexes);
            return null;
        }));
        for (Future<Void> f : readers.invokeAll(calls)) {
            get(f);
        }
        return read;
    }

    private static void get(Future<Void> f) throws Exception {
        try {
            f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    private void readInto(double[] read, List<BrokerReading.Item> items, ObjectName name, List<Integer> indexes)
            throws IOException {
        String[] attributes = indexes.stream().map(i -> items.get(i).attribute()).distinct().toArray(String[]::new);
        Map<String, Object> answers = new HashMap<>();
        try {
            for (Attribute a : server.getAttributes(name, attributes).asList()) {
                answers.put(a.getName(), a.getValue());
            }
        } catch (InstanceNotFoundException e) {
            // Not registered (yet): e.g. tiered storage's meters on a broker without it; asked again at the next look-up.
            names.markMissing(name);
            return;
        } catch (javax.management.ReflectionException e) {
            // An attribute this broker version does not have; the series stays empty.
            return;
        }
        for (int i : indexes) {
            BrokerReading.Item item = items.get(i);
            Object v = answers.get(item.attribute());
            if (item.part() != null) {
                v = v instanceof CompositeData c && c.containsKey(item.part()) ? c.get(item.part()) : null;
            }
            if (v instanceof Number n) {
                read[i] = n.doubleValue();
            }
        }
    }

    @Override
    public void close() {
        readers.shutdownNow();
        disconnect();
    }

    private void disconnect() {
        JMXConnector c = connector;
        connector = null;
        server = null;
        if (c != null) {
            try {
                c.close();
            } catch (IOException | RuntimeException e) {
                // Closing a connection to a broker that is gone: nothing left to release.
            }
        }
    }

    static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(name, e);
        }
    }
}
