package io.kbench.telemetry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one run samples, as the experiment knows it: the brokers' JMX endpoints, where the host figures come from,
 * the workload topic (for segment rolls) and the report interval.
 *
 * @param brokers         every broker to read over JMX
 * @param hostDataDir     the broker data dir on this machine, for /proc host figures; null: no local host source
 * @param hostAbsent      why there are no host figures (external cluster without a node exporter); null otherwise
 * @param topic           the workload topic, or null
 * @param interval        the run's report interval
 * @param jmxCredentials  user and password for authenticating JMX agents, or null; never written anywhere
 * @param brokerMetrics   Prometheus text endpoints of brokers (--broker-metrics-url)
 * @param nodeExporters   node-exporter endpoints of broker hosts (--node-exporter-url)
 * @param metricsAuth     user and password for the two kinds of endpoints above, or null; never written anywhere
 */
public record TelemetryTargets(List<BrokerEndpoint> brokers, Path hostDataDir, String hostAbsent, String topic,
                               Duration interval, String[] jmxCredentials, List<String> brokerMetrics,
                               List<String> nodeExporters, MetricsAuth metricsAuth) {
    public TelemetryTargets {
        brokers = List.copyOf(brokers);
        brokerMetrics = List.copyOf(brokerMetrics);
        nodeExporters = List.copyOf(nodeExporters);
        Objects.requireNonNull(interval, "interval");
    }

    /** Targets whose HTTP endpoints (if any) ask for no credentials. */
    public TelemetryTargets(List<BrokerEndpoint> brokers, Path hostDataDir, String hostAbsent, String topic,
                            Duration interval, String[] jmxCredentials, List<String> brokerMetrics,
                            List<String> nodeExporters) {
        this(brokers, hostDataDir, hostAbsent, topic, interval, jmxCredentials, brokerMetrics, nodeExporters, null);
    }

    /**
     * How long one sample of one source may take before the source counts as unresponsive: 90% of the interval (the
     * next tick needs the source's thread), at least 90 ms. A broker read is some 30 JMX calls, which on a busy
     * machine can take a few hundred ms, so anything much shorter would report healthy brokers as frozen.
     */
    Duration sampleTimeout() {
        return Duration.ofMillis(Math.max(90, interval.toMillis() * 9 / 10));
    }
}
