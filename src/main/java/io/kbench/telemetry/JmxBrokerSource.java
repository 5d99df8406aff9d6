package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetrySourceKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
            System.setProperty("sun.rmi.dgc.client.gcInterval", Long.toString(Long.MAX_VALUE));
        }
    }

    /** Keys of per-partition segment counts in a reading, followed by {@code topic-partition}. */
    private static final String SEGMENTS = "segments:";
    /** Keys of per-partition log start offsets in a reading, followed by {@code topic-partition}. */
    private static final String LOG_START = "logStart:";
    private static final int PARALLEL_READS = 6;
    private final BrokerFigures figures = new BrokerFigures();
    private final BrokerNames names;
    private final ExecutorService readers;
    private JMXConnector connector;
    private MBeanServerConnection server;
    private List<ObjectName> collectors = List.of();

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
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + endpoint.jmxAddress() + "/jmxrmi");
        connector = JMXConnectorFactory.connect(url, environment);
        server = connector.getMBeanServerConnection();
        names.reset();
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
        } catch (IOException e) {
            // The connection is broken (broker restarted or gone): connect afresh next time.
            disconnect();
            throw e;
        }
    }

    /**
     * One reading of every attribute kbench uses, keyed {@code <bean key>.<attribute>}; missing beans are left out.
     * The ~35 remote calls go out in parallel: each is a round trip that waits for a broker thread to be scheduled,
     * which on a busy machine takes milliseconds, so one after the other they could take longer than an interval.
     * Pattern look-ups and probes found missing are left to {@link BrokerNames}' schedule.
     */
    private Map<String, Double> read() throws Exception {
        names.refresh(server);
        List<Callable<Map<String, Double>>> calls = new ArrayList<>();
        for (BrokerMBeans.Probe p : beans.probes()) {
            if (!names.missing(p.name())) {
                calls.add(() -> readAll(p.key(), p.name(), p.attributes()));
            }
        }
        for (ObjectName gc : collectors) {
            calls.add(() -> readAll("gc", gc, BrokerMBeans.GC_ATTRIBUTES));
        }
        calls.add(this::heap);
        for (ObjectName log : names.segments()) {
            calls.add(() -> partitionGauge(SEGMENTS, log));
        }
        for (ObjectName log : names.logStarts()) {
            calls.add(() -> partitionGauge(LOG_START, log));
        }
        for (ObjectName processor : names.processors()) {
            calls.add(() -> ioWait(processor));
        }
        Map<String, Double> values = new HashMap<>();
        Map<String, Double> segments = new TreeMap<>();
        Map<String, Double> logStarts = new TreeMap<>();
        double gcCount = 0;
        double gcMillis = 0;
        for (Future<Map<String, Double>> f : readers.invokeAll(calls)) {
            Map<String, Double> part = get(f);
            gcCount += part.getOrDefault("gc.CollectionCount", 0.0);
            gcMillis += part.getOrDefault("gc.CollectionTime", 0.0);
            part.forEach((k, v) -> {
                if (k.startsWith(SEGMENTS)) {
                    segments.put(k.substring(SEGMENTS.length()), v);
                } else if (k.startsWith(LOG_START)) {
                    logStarts.put(k.substring(LOG_START.length()), v);
                } else if (!k.startsWith("gc.")) {
                    values.put(k, v);
                }
            });
        }
        values.put(BrokerFigures.GC_COUNT, gcCount);
        values.put(BrokerFigures.GC_MILLIS, gcMillis);
        figures.partitions(segments, logStarts);
        return values;
    }

    private static Map<String, Double> get(Future<Map<String, Double>> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    private Map<String, Double> readAll(String key, ObjectName name, String[] attributes) throws IOException {
        Map<String, Double> values = new HashMap<>();
        readInto(values, key, name, attributes);
        return values;
    }

    private Map<String, Double> heap() throws IOException {
        Object heap = attribute(BrokerMBeans.MEMORY, "HeapMemoryUsage");
        return heap instanceof CompositeData c
                ? Map.of(BrokerFigures.HEAP_USED, ((Number) c.get("used")).doubleValue()) : Map.of();
    }

    /** One per-partition gauge of the workload topic, keyed {@code prefix + topic-partition}. */
    private Map<String, Double> partitionGauge(String prefix, ObjectName log) throws IOException {
        Object v = attribute(log, "Value");
        return v instanceof Number n
                ? Map.of(prefix + log.getKeyProperty("topic") + "-" + log.getKeyProperty("partition"), n.doubleValue())
                : Map.of();
    }

    private Map<String, Double> ioWait(ObjectName processor) throws IOException {
        Object v = attribute(processor, BrokerMBeans.IO_WAIT_TOTAL);
        return v instanceof Number n ? Map.of(BrokerMBeans.IO_WAIT_PREFIX + processor.getKeyProperty("listener") + "/"
                + processor.getKeyProperty("networkProcessor"), n.doubleValue()) : Map.of();
    }

    private void readInto(Map<String, Double> values, String key, ObjectName name, String[] attributes)
            throws IOException {
        try {
            for (Attribute a : server.getAttributes(name, attributes).asList()) {
                if (a.getValue() instanceof Number n) {
                    values.put(key + "." + a.getName(), n.doubleValue());
                }
            }
        } catch (InstanceNotFoundException e) {
            // Not registered (yet): e.g. tiered storage's meters on a broker without it; asked again at the next look-up.
            names.markMissing(name);
        } catch (javax.management.ReflectionException e) {
            // An attribute this broker version does not have; the series stays empty.
        }
    }

    private Object attribute(ObjectName name, String attribute) throws IOException {
        try {
            return server.getAttribute(name, attribute);
        } catch (InstanceNotFoundException e) {
            return null;
        } catch (javax.management.JMException e) {
            return null;
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
