package io.kbench.telemetry;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The producers' record queue time, read from kbench's own JVM once per interval (never per record): Kafka's
 * {@code record-queue-time-avg} of every producer-metrics MBean, averaged over the producers that have a value.
 * Kafka averages it over its metrics window (30 s by default), so it is labelled a windowed mean wherever it is shown.
 */
final class ProducerQueueTime {
    private static final ObjectName PRODUCERS = JmxBrokerSource.name("kafka.producer:type=producer-metrics,client-id=*");
    private static final String ATTRIBUTE = "record-queue-time-avg";

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    /** Mean over the producers of their record queue time, ms; null when no producer has one. */
    Double read() {
        double sum = 0;
        int n = 0;
        for (ObjectName producer : server.queryNames(PRODUCERS, null)) {
            try {
                if (server.getAttribute(producer, ATTRIBUTE) instanceof Number v && Double.isFinite(v.doubleValue())) {
                    sum += v.doubleValue();
                    n++;
                }
            } catch (javax.management.JMException e) {
                // A producer closed between the query and the read: it has no figure for this interval.
            }
        }
        return n == 0 ? null : sum / n;
    }
}
