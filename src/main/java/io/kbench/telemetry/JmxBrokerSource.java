package io.kbench.telemetry;

import io.kbench.result.TelemetrySourceKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
    private final BrokerFigures figures = new BrokerFigures();
    private JMXConnector connector;
    private MBeanServerConnection server;
    private List<ObjectName> collectors = List.of();

    /** {@code credentials}: user and password for an authenticating JMX agent, or null. */
    JmxBrokerSource(BrokerEndpoint endpoint, String topic, String[] credentials) {
        this.endpoint = endpoint;
        this.beans = new BrokerMBeans(topic);
        this.environment = new HashMap<>();
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
            close();
            throw e;
        }
    }

    /** One reading of every attribute kbench uses, keyed {@code <bean key>.<attribute>}; missing beans are left out. */
    private Map<String, Double> read() throws Exception {
        Map<String, Double> values = new HashMap<>();
        for (BrokerMBeans.Probe p : beans.probes()) {
            readInto(values, p.key(), p.name(), p.attributes());
        }
        long count = 0;
        long millis = 0;
        for (ObjectName gc : collectors) {
            Map<String, Double> v = new HashMap<>();
            readInto(v, "gc", gc, BrokerMBeans.GC_ATTRIBUTES);
            count += v.getOrDefault("gc.CollectionCount", 0.0).longValue();
            millis += v.getOrDefault("gc.CollectionTime", 0.0).longValue();
        }
        values.put(BrokerFigures.GC_COUNT, (double) count);
        values.put(BrokerFigures.GC_MILLIS, (double) millis);
        Object heap = attribute(BrokerMBeans.MEMORY, "HeapMemoryUsage");
        if (heap instanceof CompositeData c) {
            values.put(BrokerFigures.HEAP_USED, ((Number) c.get("used")).doubleValue());
        }
        Map<String, Double> segments = new TreeMap<>();
        ObjectName pattern = beans.segmentCounts();
        for (ObjectName log : pattern == null ? List.<ObjectName>of() : server.queryNames(pattern, null)) {
            Object v = attribute(log, "Value");
            if (v instanceof Number n) {
                segments.put(log.getKeyProperty("topic") + "-" + log.getKeyProperty("partition"), n.doubleValue());
            }
        }
        figures.segments(segments);
        return values;
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
            // Not registered (yet): e.g. the produce purgatory before the first produce request.
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
