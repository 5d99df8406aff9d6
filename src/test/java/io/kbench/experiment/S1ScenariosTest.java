package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.SecurityProtocolName;
import io.kbench.spec.TlsVersion;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The S1 encryption and compression-level scenarios load, and every point passes Kafka's own checks. */
class S1ScenariosTest {
    @Test
    void encryptionSweepsTlsOffAnd13And12AcrossThreeCodecs() {
        SweepDesign design = SweepDesign.load(Path.of("scenarios/s1-encryption.yaml"));
        List<WorkloadSpec> points = design.points().stream().map(p -> design.workload(p, null)).toList();
        points.forEach(KafkaConfigCheck::workload);
        assertThat(points).hasSize(9);
        assertThat(points).filteredOn(w -> w.cluster().security().protocol() == SecurityProtocolName.PLAINTEXT).hasSize(3);
        assertThat(points).filteredOn(w -> w.cluster().security().tlsVersion() == TlsVersion.TLS_1_2).hasSize(3);
        assertThat(points).extracting(w -> w.producers().properties().get("compression.type"))
                .containsOnly("none", "lz4", "zstd");
    }

    @Test
    void tlsProviderSweepsTheJdkAgainstConscrypt() {
        SweepDesign design = SweepDesign.load(Path.of("scenarios/s1-tls-provider.yaml"));
        List<WorkloadSpec> points = design.points().stream().map(p -> design.workload(p, null)).toList();
        points.forEach(KafkaConfigCheck::workload);
        assertThat(points).extracting(w -> w.cluster().security().tlsProvider())
                .containsExactly(null, io.kbench.spec.TlsProvider.JDK, io.kbench.spec.TlsProvider.CONSCRYPT);
    }

    @Test
    void compressionLevelsCoverEachCodecsRange() {
        SweepDesign design = SweepDesign.load(Path.of("scenarios/s1-compression-levels.yaml"));
        List<WorkloadSpec> points = design.points().stream().map(p -> design.workload(p, null)).toList();
        points.forEach(KafkaConfigCheck::workload);
        assertThat(points).hasSize(9);
        assertThat(points.get(2).producers().properties()).containsEntry("compression.gzip.level", "9");
        assertThat(points.get(8).producers().properties()).containsEntry("compression.lz4.level", "17");
        assertThat(design.points().get(4).name()).isEqualTo("compression.type=zstd,compression.zstd.level=3");
    }
}
