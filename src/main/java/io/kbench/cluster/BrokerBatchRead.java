package io.kbench.cluster;

import java.lang.management.ManagementFactory;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * An MBean in every broker JVM kbench launches that reads many MBeans' attributes in one remote call. Telemetry needs
 * about 45 values a second from a broker; one JMX round trip each costs the broker Java serialization, access checks
 * and an RMI thread wake-up per value (profiled: 15-17% of a busy broker's samples were in RMI threads), taken from
 * the load it serves. One call of this reads them all in-process.
 *
 * <p>Read-only by construction: the request is the <em>attribute name</em> of a {@code getAttribute} call, so the
 * JMX agent's {@code readonly} access level (kbench's access file) allows it and nothing else; each item is read with
 * the local {@link MBeanServer#getAttribute}, so it can read no more than a remote read-only client can. The request
 * has one item per line: {@code objectName TAB attribute [TAB compositeKey]}; the answer is a {@code double[]} with
 * one value per line, NaN where the MBean, the attribute or a number is missing. The client is
 * {@code io.kbench.telemetry.JmxBrokerSource}; a broker without this MBean (an external one) is read one MBean at a
 * time instead.
 */
public final class BrokerBatchRead implements DynamicMBean {
    /** The name it is registered under; {@code io.kbench.telemetry.JmxBrokerSource} names the same. */
    public static final String NAME = "io.kbench:type=BrokerBatchRead";
    /** A request longer than this is refused: the telemetry's is a few KiB. */
    static final int MAX_REQUEST_CHARS = 1 << 20;
    /** At most this many items per request. */
    static final int MAX_ITEMS = 10_000;

    private final MBeanServer server;
    /** The last request parsed: telemetry sends the same text every second, so it is parsed once. */
    private volatile Parsed last;

    BrokerBatchRead(MBeanServer server) {
        this.server = server;
    }

    /** Registers one on this JVM's platform MBean server; called by {@link BrokerMain} before Kafka starts. */
    public static void register() throws Exception {
        MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
        platform.registerMBean(new BrokerBatchRead(platform), new ObjectName(NAME));
    }

    private record Parsed(String text, ObjectName[] names, String[] attributes, String[] keys) {
    }

    @Override
    public Object getAttribute(String request) throws AttributeNotFoundException {
        Parsed p = parsed(request);
        double[] values = new double[p.names.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = read(p.names[i], p.attributes[i], p.keys[i]);
        }
        return values;
    }

    private Parsed parsed(String request) throws AttributeNotFoundException {
        Parsed p = last;
        if (p != null && p.text.equals(request)) {
            return p;
        }
        if (request == null || request.length() > MAX_REQUEST_CHARS) {
            throw new AttributeNotFoundException("batch request over " + MAX_REQUEST_CHARS + " characters");
        }
        String[] lines = request.isEmpty() ? new String[0] : request.split("\n", MAX_ITEMS + 1);
        if (lines.length > MAX_ITEMS) {
            throw new AttributeNotFoundException("batch request over " + MAX_ITEMS + " items");
        }
        ObjectName[] names = new ObjectName[lines.length];
        String[] attributes = new String[lines.length];
        String[] keys = new String[lines.length];
        for (int i = 0; i < lines.length; i++) {
            String[] f = lines[i].split("\t", 4);
            if (f.length < 2 || f.length > 3) {
                throw new AttributeNotFoundException("batch request line " + (i + 1) + ": expected NAME TAB ATTRIBUTE");
            }
            try {
                names[i] = new ObjectName(f[0]);
            } catch (MalformedObjectNameException e) {
                throw new AttributeNotFoundException("batch request line " + (i + 1) + ": not an MBean name");
            }
            attributes[i] = f[1];
            keys[i] = f.length == 3 ? f[2] : null;
        }
        p = new Parsed(request, names, attributes, keys);
        last = p;
        return p;
    }

    private double read(ObjectName name, String attribute, String key) {
        try {
            Object v = server.getAttribute(name, attribute);
            if (key != null) {
                v = v instanceof CompositeData c && c.containsKey(key) ? c.get(key) : null;
            }
            return v instanceof Number n ? n.doubleValue() : Double.NaN;
        } catch (Exception e) {
            // Not registered (yet), no such attribute, or the getter failed: no value this time.
            return Double.NaN;
        }
    }

    @Override
    public AttributeList getAttributes(String[] requests) {
        AttributeList list = new AttributeList();
        for (String r : requests) {
            try {
                list.add(new Attribute(r, getAttribute(r)));
            } catch (AttributeNotFoundException e) {
                // Left out, as an MBean server leaves out an attribute it cannot read.
            }
        }
        return list;
    }

    @Override
    public void setAttribute(Attribute attribute) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    @Override
    public Object invoke(String action, Object[] params, String[] signature) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public MBeanInfo getMBeanInfo() {
        return new MBeanInfo(getClass().getName(), "reads many MBeans' attributes in one call (see the class comment)",
                null, null, null, null);
    }
}
