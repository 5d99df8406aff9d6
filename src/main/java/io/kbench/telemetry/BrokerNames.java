package io.kbench.telemetry;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * The MBean names a broker reading needs beyond the fixed probes, looked up by pattern, and the probes found not
 * registered. Each remote call is a round trip whose Java serialization the broker pays in CPU beside the load it
 * serves (profiled: most of its JMX time), and a pattern query walks the broker's whole MBean registry, so names are
 * looked up on connect, while none is found yet (and once more on the sample after the topic's partitions were first
 * found: a new topic registers them one by one), then every {@link #REQUERY}th sample, not on each one; a probe
 * that answered "not registered" (tiered storage meters on a broker without it) is asked again only then, instead of
 * costing a remote exception with its stack trace every second.
 */
final class BrokerNames {
    /** Samples between look-ups: what changes (num.network.threads, the topic's partitions) changes rarely. */
    static final int REQUERY = 30;

    private final ObjectName segmentPattern;
    private final ObjectName logStartPattern;
    private final Set<ObjectName> missing = ConcurrentHashMap.newKeySet();
    private List<ObjectName> processors = List.of();
    private List<ObjectName> segments = List.of();
    private List<ObjectName> logStarts = List.of();
    private int samplesSinceQuery;
    /** The topic's partitions were first found on the last sample: looked up once more (they register one by one). */
    private boolean settling;

    BrokerNames(BrokerMBeans beans) {
        this.segmentPattern = beans.segmentCounts();
        this.logStartPattern = beans.logStartOffsets();
    }

    /** A new connection (the broker may have restarted): every name is looked up again on the next sample. */
    void reset() {
        missing.clear();
        processors = List.of();
        segments = List.of();
        logStarts = List.of();
        samplesSinceQuery = 0;
        settling = false;
    }

    /** Called once per sample before the names are used: looks them up when due. */
    void refresh(MBeanServerConnection server) throws IOException {
        boolean due = ++samplesSinceQuery >= REQUERY;
        if (due) {
            samplesSinceQuery = 0;
            missing.clear();
        }
        if (due || processors.isEmpty()) {
            processors = query(server, BrokerMBeans.NETWORK_PROCESSORS);
        }
        boolean partitionsDue = due || settling || segments.isEmpty() || logStarts.isEmpty();
        if (partitionsDue) {
            boolean before = segments.isEmpty();
            segments = query(server, segmentPattern);
            logStarts = query(server, logStartPattern);
            settling = before && !segments.isEmpty();
        }
    }

    private static List<ObjectName> query(MBeanServerConnection server, ObjectName pattern) throws IOException {
        return pattern == null ? List.of() : List.copyOf(server.queryNames(pattern, null));
    }

    List<ObjectName> processors() {
        return processors;
    }

    List<ObjectName> segments() {
        return segments;
    }

    List<ObjectName> logStarts() {
        return logStarts;
    }

    /** Whether {@code name} answered "not registered" since the last look-up: not asked again until then. */
    boolean missing(ObjectName name) {
        return missing.contains(name);
    }

    void markMissing(ObjectName name) {
        missing.add(name);
    }
}
