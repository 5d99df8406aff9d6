package io.kbench.telemetry;

/** The RMI distributed-GC setting of every JVM that holds kbench's JMX connections to brokers. */
final class JmxDgc {
    /**
     * {@code sun.rmi.dgc.client.gcInterval}: as good as never. Not Long.MAX_VALUE: the JDK's latency request takes that
     * value for "cancelled" ({@code sun.rmi.transport.GC.NO_TARGET}), so when the last reference to a broker's
     * connection was collected during the run (a roll step reading a restarted broker's version), cancelling that
     * request threw "Request already cancelled" and printed its stack trace from an RMI thread (2026-11-30).
     */
    static final String NO_GC_INTERVAL = Long.toString(Long.MAX_VALUE - 1);

    private JmxDgc() {
    }
}
