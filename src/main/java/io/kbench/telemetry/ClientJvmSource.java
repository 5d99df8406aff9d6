package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySourceKind;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * kbench's own JVM, the load generator: its CPU and GC pauses, so a client-bound run can be named as such, and its
 * producers' record queue time for the latency anatomy.
 */
final class ClientJvmSource implements SampledSource {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(gc -> GcPauses.isPauseCollector(gc.getName())).toList();
    private final GcPauses pauses = new GcPauses();
    private final ProducerQueueTime queueTime = new ProducerQueueTime();
    private Double cpuNanos;
    private long lastNanos;

    @Override
    public String id() {
        return "client";
    }

    @Override
    public TelemetrySourceKind kind() {
        return TelemetrySourceKind.JVM;
    }

    @Override
    public String address() {
        return "pid " + ProcessHandle.current().pid();
    }

    @Override
    public void open() {
        // Local MXBeans: nothing to connect.
    }

    @Override
    public void sample(Sample out, long nowNanos) {
        double cpu = os.getProcessCpuTime();
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : collectors) {
            count += gc.getCollectionCount();
            millis += gc.getCollectionTime();
        }
        if (cpuNanos != null) {
            out.put(TelemetryMetric.CLIENT_CPU_PERCENT, Deltas.cpuPercent(cpuNanos, cpu, nowNanos - lastNanos));
        }
        out.put(TelemetryMetric.PRODUCER_RECORD_QUEUE_TIME_MS, queueTime.read());
        pauses.update(count, millis, out, TelemetryMetric.CLIENT_GC_PAUSES, TelemetryMetric.CLIENT_GC_PAUSE_TIME_MS, null);
        cpuNanos = cpu;
        lastNanos = nowNanos;
    }

    @Override
    public void close() {
        // Nothing to release.
    }
}
