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
 */
public record TelemetryTargets(List<BrokerEndpoint> brokers, Path hostDataDir, String hostAbsent, String topic,
                               Duration interval, String[] jmxCredentials) {
    public TelemetryTargets {
        brokers = List.copyOf(brokers);
        Objects.requireNonNull(interval, "interval");
    }

    /** How long one sample of one source may take: half the interval, at least 200 ms, at most 2 s. */
    Duration sampleTimeout() {
        long half = interval.toMillis() / 2;
        return Duration.ofMillis(Math.max(200, Math.min(2000, half)));
    }
}
