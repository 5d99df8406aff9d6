package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.TelemetrySettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A find-max probe is the workload with rate, length, warm-up and topic replaced, every other field kept. */
class FindMaxProbeSpecTest {
    private static RunContext context() {
        return new RunContext(new RunContext.Cluster(Map.of("bootstrap.servers", "127.0.0.1:1"),
                new ClusterTarget.External("127.0.0.1:1")),
                new RunContext.Output(Path.of("results"), Map.of(), List.of(), false),
                new RunContext.Observers((dir, out) -> { }, TelemetrySettings.DEFAULT), null);
    }

    @Test
    void aProbeReplacesRateLengthWarmupAndTopicAndKeepsTheRest() {
        WorkloadSpec spec = new SpecLoader().load(Path.of("scenarios/transactions.yaml"),
                List.of("producers.duration=null", "producers.records=50000", "producers.warmupDuration=null",
                        "producers.warmupRecords=500", "producers.payloadEncryption.keyBits=256",
                        "topic.configs.retention.ms=60000"));
        FindMaxSettings settings = new FindMaxSettings(null, 1000, 0.05, Duration.ofSeconds(7), Duration.ofSeconds(2),
                10, 0.05, Duration.ZERO, Duration.ofSeconds(30));
        WorkloadSpec probe = new FindMax(spec, settings, Path.of("fm"), context()).probeSpec(3, 4000, "abc");

        assertThat(probe.producers().rate()).isEqualTo(4000.0);
        assertThat(probe.producers().records()).isNull();
        assertThat(probe.producers().duration()).isEqualTo(Duration.ofSeconds(7));
        assertThat(probe.producers().warmupRecords()).isNull();
        assertThat(probe.producers().warmupDuration()).isEqualTo(Duration.ofSeconds(2));
        assertThat(probe.topic().name()).isEqualTo(spec.topic().name() + "-fmabc-03");
        assertThat(probe.topic().create()).isTrue();
        assertThat(probe.topic().deleteAfter()).isTrue();

        WorkloadSpec warmUp = new FindMax(spec, settings, Path.of("fm"), context()).clusterWarmupSpec("abc");
        assertThat(warmUp.producers().rate()).isEqualTo(1000.0);
        assertThat(warmUp.producers().duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(warmUp.producers().warmupDuration()).isEqualTo(Duration.ZERO);
        assertThat(warmUp.topic().name()).isEqualTo(spec.topic().name() + "-fmabc-00");
        assertThat(warmUp.topic().deleteAfter()).isTrue();
        // Everything else is the workload's, including the sections a positional copy used to have to list.
        assertThat(probe.producers().transactions()).isEqualTo(spec.producers().transactions()).isNotNull();
        assertThat(probe.producers().payloadEncryption()).isEqualTo(spec.producers().payloadEncryption()).isNotNull();
        assertThat(probe.producers().properties()).isEqualTo(spec.producers().properties());
        assertThat(probe.producers().recordSize()).isEqualTo(spec.producers().recordSize());
        assertThat(probe.topic().partitions()).isEqualTo(spec.topic().partitions());
        assertThat(probe.topic().configs()).isEqualTo(spec.topic().configs()).containsEntry("retention.ms", "60000");
        assertThat(probe.consumers()).isEqualTo(spec.consumers());
        assertThat(probe.cluster()).isEqualTo(spec.cluster());
        assertThat(probe.name()).isEqualTo(spec.name());
        assertThat(probe.reportInterval()).isEqualTo(spec.reportInterval());
    }
}
