package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.result.Spread;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.PointSummary;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sweep files: strict reading, cartesian and explicit points, point names, and the per-point summary. */
class SweepDesignTest {
    static final Path FILE = Path.of("src/test/resources/sweeps/unit.yaml");
    static final String BASE = "base: {name: b, producers: {records: 100, recordSize: 100, properties: {acks: all}}}\n";

    private static SweepDesign parse(String yaml) {
        return SweepDesign.parse(yaml, FILE);
    }

    /**
     * Two releases of the Kafka client cannot share the sweep's one load-generator JVM: a sweep varying
     * clients.kafkaVersion is refused in one line saying so; one release for every point is the sweep's client.
     */
    @Test
    void aClientReleaseIsOneForTheWholeSweep() {
        SweepDesign varied = parse(BASE + "axes:\n  clients.kafkaVersion: [3.9.1, 4.4.0]\n");
        assertThatThrownBy(varied::clientKafkaVersion).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("clients.kafkaVersion: differs between points")
                .hasMessageContainingAll("[3.9.1, 4.4.0]", "one JVM", "cannot share one", "--client-kafka-version")
                .hasMessageNotContaining("\n");
        SweepDesign halfUnset = parse(BASE + "points:\n  - {clients.kafkaVersion: 3.9.1}\n  - {producers.count: 2}\n");
        assertThatThrownBy(halfUnset::clientKafkaVersion).hasMessageContaining("[3.9.1] and unset");
        SweepDesign one = parse("base: {name: b, clients: {kafkaVersion: 3.9.1}, producers: {records: 100}}\n"
                + "axes:\n  producers.count: [1, 2]\n");
        assertThat(one.clientKafkaVersion()).isEqualTo("3.9.1");
        assertThat(parse(BASE + "axes:\n  producers.count: [1, 2]\n").clientKafkaVersion()).isNull();
    }

    @Test
    void axesAreACartesianProductFirstAxisSlowest() {
        SweepDesign design = parse(BASE + "axes:\n  producers.properties.compression.type: [none, gzip, lz4]\n"
                + "  producers.count: [2, 5]\n");
        assertThat(design.points()).extracting(SweepPoint::name).containsExactly(
                "compression.type=none,producers.count=2", "compression.type=none,producers.count=5",
                "compression.type=gzip,producers.count=2", "compression.type=gzip,producers.count=5",
                "compression.type=lz4,producers.count=2", "compression.type=lz4,producers.count=5");
        WorkloadSpec spec = design.workload(design.points().get(3), null);
        assertThat(spec.producers().count()).isEqualTo(5);
        assertThat(spec.producers().properties()).containsEntry("compression.type", "gzip").containsEntry("acks", "all");
        assertThat(design.spec().repeat()).isEqualTo(Repeat.fixed(SweepSpec.DEFAULT_REPEAT));
    }

    @Test
    void explicitPointsPairValues() {
        SweepDesign design = parse(BASE + "repeat: 2\npoints:\n"
                + "  - {cluster.brokerConfig.num.io.threads: 15, cluster.brokerConfig.num.network.threads: 8}\n"
                + "  - {cluster.brokerConfig.num.io.threads: 30, cluster.brokerConfig.num.network.threads: 16}\n");
        assertThat(design.points()).extracting(SweepPoint::name)
                .containsExactly("num.io.threads=15,num.network.threads=8", "num.io.threads=30,num.network.threads=16");
        assertThat(design.workload(design.points().get(1), null).cluster().brokerConfig())
                .containsEntry("num.io.threads", "30").containsEntry("num.network.threads", "16");
        assertThat(design.spec().clusterPaths()).containsExactly("cluster.brokerConfig.num.io.threads",
                "cluster.brokerConfig.num.network.threads");
    }

    @Test
    void warmupPointDurationReplacesTheFirstPointsLengthForTheWarmUpOnly() {
        SweepDesign design = parse("base: {name: b, producers: {duration: 5s, warmupDuration: 2s, recordSize: 100}}\n"
                + "warmupPoint: true\nwarmupPointDuration: 90s\naxes: {producers.count: [1, 2]}\n");
        WorkloadSpec warm = design.warmupWorkload("t-warm");
        assertThat(warm.producers().duration()).isEqualTo(java.time.Duration.ofSeconds(90));
        assertThat(warm.producers().warmupDuration()).isEqualTo(java.time.Duration.ZERO);
        assertThat(warm.producers().count()).isEqualTo(1);
        assertThat(warm.topic().name()).isEqualTo("t-warm");
        assertThat(design.workload(design.points().get(0), null).producers().duration())
                .isEqualTo(java.time.Duration.ofSeconds(5));
        SweepDesign plain = parse("base: {name: b, producers: {duration: 5s, warmupDuration: 2s, recordSize: 100}}\n"
                + "warmupPoint: true\naxes: {producers.count: [1, 2]}\n");
        assertThat(plain.warmupWorkload(null).producers().duration()).isEqualTo(java.time.Duration.ofSeconds(5));
    }

    @Test
    void warmupPointDurationNeedsAWarmupPointAndAPositiveLength() {
        assertThatThrownBy(() -> parse(BASE + "warmupPointDuration: 90s\naxes: {producers.count: [1]}\n"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("warmupPointDuration")
                .hasMessageContaining("only applies with warmupPoint: true");
        assertThatThrownBy(() -> parse(BASE + "warmupPoint: true\nwarmupPointDuration: 0s\naxes: {producers.count: [1]}\n"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("warmupPointDuration")
                .hasMessageContaining("positive");
    }

    @Test
    void topicNameOfARepetitionIsFreshAndDeletedAfter() {
        SweepDesign design = parse(BASE + "axes: {producers.count: [1]}\n");
        WorkloadSpec spec = design.workload(design.points().get(0), "kbench-x-p1-r2");
        assertThat(spec.topic().name()).isEqualTo("kbench-x-p1-r2");
        assertThat(spec.topic().deleteAfter()).isTrue();
    }

    @Test
    void bundledStudySweepsParse() {
        SweepDesign s5 = SweepDesign.load(Path.of("scenarios/s5-producer-matrix.yaml"));
        assertThat(s5.points()).hasSize(36);
        assertThat(s5.points().get(0).name()).isEqualTo("topic.replicationFactor=3,compression.type=none,acks=1,batch.size=1024");
        WorkloadSpec s5first = s5.workload(s5.points().get(0), null);
        assertThat(s5first.producers().properties()).containsEntry("batch.size", "1024").containsEntry("buffer.memory", "67108864");
        // S5's shape: 4 brokers sharing the cores (no CPU quota: 0.4 of a core starved acks -1 at small batches),
        // 20 partitions, replication 3 and 2 side by side, after a discarded 90 s warm-up run.
        assertThat(s5first.cluster().brokers()).isEqualTo(4);
        assertThat(s5first.cluster().limits()).isNull();
        assertThat(s5.spec().warmupPoint()).isTrue();
        assertThat(s5.spec().warmupPointDuration()).isEqualTo(java.time.Duration.ofSeconds(90));
        assertThat(s5first.topic().partitions()).isEqualTo(20);
        assertThat(s5first.topic().replicationFactor()).isEqualTo(3);
        assertThat(s5.workload(s5.points().get(18), null).topic().replicationFactor()).isEqualTo(2);
        SweepDesign s3 = SweepDesign.load(Path.of("scenarios/s3-thread-pairs.yaml"));
        assertThat(s3.points()).hasSize(7);
        assertThat(s3.points().get(6).name()).isEqualTo("num.io.threads=90,num.network.threads=10");
        SweepDesign knee = SweepDesign.load(Path.of("scenarios/s3-producer-knee.yaml"));
        assertThat(knee.points()).hasSize(5);
        assertThat(knee.workload(knee.points().get(4), null).producers().count()).isEqualTo(20);
        assertThat(knee.workload(knee.points().get(4), null).producers().rate()).isEqualTo(40_000.0);
        assertThat(knee.workload(knee.points().get(4), null).cluster().brokers()).isEqualTo(3);
        assertThat(s3.workload(s3.points().get(0), null).topic().configs()).containsEntry("min.insync.replicas", "2");
        SweepDesign s1 = SweepDesign.load(Path.of("scenarios/s1-compression.yaml"));
        assertThat(s1.points()).hasSize(5);
        assertThat(s1.workload(s1.points().get(4), null).producers().properties())
                .containsEntry("compression.type", "zstd").containsEntry("batch.size", "524288");
        SweepDesign s2 = SweepDesign.load(Path.of("scenarios/s2-producer-scaling.yaml"));
        assertThat(s2.points()).hasSize(3);
        assertThat(s2.workload(s2.points().get(2), null).producers().records()).isEqualTo(4_000_000L);
        assertThat(s5.findings()).hasSize(11);
        // the default grouping paths, sorted (Finding.per): one order however the sweep lists its overrides
        assertThat(s5.findings().get(1).per()).containsExactly("producers.properties.batch.size",
                "producers.properties.compression.type", "topic.replicationFactor");
        assertThat(s5.findings().get(2).per()).containsExactly("producers.properties.batch.size",
                "producers.properties.compression.type");
        assertThat(s2.workload(s2.points().get(0), null).topic().partitions()).isEqualTo(64);
        assertThat(List.of(s2, s3, knee)).allSatisfy(design -> assertThat(design.findings()).isNotEmpty());
        for (String fidelity : List.of("s1-codecs-default-batch", "s1-cpu-scaling", "s5-producer-matrix-full", "s2-page-cache", "s2-consumers",
                "s3-knee-acks", "s3-pairs-knee", "s3-acks-fixed-rate", "s5-acks-fixed-rate")) {
            SweepDesign design = SweepDesign.load(Path.of("scenarios/" + fidelity + ".yaml"));
            assertThat(design.findings()).as(fidelity).isNotEmpty();
        }
        assertThat(SweepDesign.load(Path.of("scenarios/s5-producer-matrix-full.yaml")).points()).hasSize(84);
        SweepDesign pairsKnee = SweepDesign.load(Path.of("scenarios/s3-pairs-knee.yaml"));
        assertThat(pairsKnee.points()).hasSize(9);
        assertThat(pairsKnee.findings().get(0).per()).containsExactly("producers.count");
        assertThat(SweepDesign.load(Path.of("scenarios/s2-page-cache.yaml")).workload(
                SweepDesign.load(Path.of("scenarios/s2-page-cache.yaml")).points().get(0), null).cluster().limits().memoryBytes())
                .isEqualTo(1L << 30);
    }

    @Test
    void aFindingNamingAValueTheSweepDoesNotHaveFailsBeforeAnythingRuns() {
        String sweep = "name: f\nbase: {name: b, producers: {rate: 1000, records: 100, recordSize: 100}}\n"
                + "axes: {producers.properties.acks: [1, all]}\n"
                + "findings:\n  - {claim: c, metric: produced.recordsPerSec, lowest: {producers.properties.acks: -1}}\n";
        assertThatThrownBy(() -> SweepDesign.parse(sweep, Path.of("f.yaml"))).isInstanceOf(InvalidInputException.class)
                .hasMessage("f.yaml: findings[0].lowest.producers.properties.acks: is not a value of this sweep; values: 1, all (got -1)");
        assertThatThrownBy(() -> SweepDesign.parse(sweep.replace("lowest", "fastest"), Path.of("f.yaml")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("fastest");
        assertThatThrownBy(() -> SweepDesign.parse("seed: 3\n" + sweep, Path.of("f.yaml")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("seed").hasMessageContaining("order: random");
    }

    @Test
    void pointNamesAreSafeDirectoryNames() {
        Map<String, com.fasterxml.jackson.databind.JsonNode> o = new LinkedHashMap<>();
        o.put("producers.properties.acks", TextNode.valueOf("all"));
        o.put("producers.recordSize", IntNode.valueOf(2048));
        assertThat(SweepPoint.nameOf(o)).isEqualTo("acks=all,producers.recordSize=2048");
        assertThat(SweepPoint.nameOf(Map.of("producers.properties.x", TextNode.valueOf("a/b c{}")))).isEqualTo("x=a_b_c__");
        assertThat(SweepPoint.nameOf(Map.of("producers.properties.x", TextNode.valueOf("y".repeat(400))))).hasSizeLessThanOrEqualTo(180);
    }

    /** Failed before the fix: a secret axis's values were the point names (and so directories, tags, stdout). */
    @Test
    void aSecretAxisNamesPointsByLabelsAndTheKeptCopyAndResultHoldNoValue() {
        String text = BASE + "axes:\n  producers.properties.sasl.jaas.config: ['s3cr3t-A', 's3cr3t-B']\n"
                + "  producers.properties.acks: [1, all]\n";
        SweepDesign design = parse(text);
        assertThat(design.points()).extracting(SweepPoint::name).containsExactly("sasl.jaas.config=[secret-1],acks=1",
                "sasl.jaas.config=[secret-1],acks=all", "sasl.jaas.config=[secret-2],acks=1", "sasl.jaas.config=[secret-2],acks=all");
        assertThat(design.workload(design.points().get(2)).producers().properties()).containsEntry("sasl.jaas.config", "s3cr3t-B");
        assertThat(io.kbench.result.io.Redactor.redactYaml(text)).doesNotContain("s3cr3t").contains("[secret-2]");
        assertThat(io.kbench.result.io.Redactor.redactYaml(BASE)).isEqualTo(BASE);
        assertThat(design.secrets().shownAxes(design.spec().axes()).toString()).doesNotContain("s3cr3t").contains("[secret-1]");
        // Explicit points number a secret path's distinct values in order of appearance.
        SweepDesign listed = parse(BASE + "points:\n  - {producers.properties.ssl.key.password: x1, producers.count: 1}\n"
                + "  - {producers.properties.ssl.key.password: x2, producers.count: 1}\n"
                + "  - {producers.properties.ssl.key.password: x1, producers.count: 2}\n");
        assertThat(listed.points()).extracting(SweepPoint::name).containsExactly("ssl.key.password=[secret-1],producers.count=1",
                "ssl.key.password=[secret-2],producers.count=1", "ssl.key.password=[secret-1],producers.count=2");
    }

    @Test
    void sweepFilesAreStrict() {
        assertThatThrownBy(() -> parse(BASE + "axis: {producers.count: [1]}\n")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown key 'axis'");
        assertThatThrownBy(() -> parse(BASE + "axes: {producers.count: [1]}\npoints: [{producers.count: 2}]\n"))
                .hasMessageContaining("exactly one").hasMessageContaining("axes");
        assertThatThrownBy(() -> parse(BASE)).hasMessageContaining("axes/points");
        assertThatThrownBy(() -> parse("axes: {producers.count: [1]}\n")).hasMessageContaining("workload/base");
        assertThatThrownBy(() -> parse(BASE + "repeat: 0\naxes: {producers.count: [1]}\n")).hasMessageContaining("repeat");
        assertThatThrownBy(() -> parse(BASE + "repeat: two\naxes: {producers.count: [1]}\n")).hasMessageContaining("repeat");
        assertThatThrownBy(() -> parse(BASE + "axes: {producers.count: []}\n")).hasMessageContaining("non-empty");
        assertThatThrownBy(() -> parse(BASE + "axes: {producers.count: [1, 1]}\n")).hasMessageContaining("twice");
        assertThatThrownBy(() -> parse(BASE + "axes: {producers.cuont: [1]}\n")).hasMessageContaining("cuont");
        assertThatThrownBy(() -> parse(BASE + "axes: {producers.count: [abc]}\n")).hasMessageContaining("producers.count");
        assertThatThrownBy(() -> parse(BASE + "axes: {topic.name: [a, b]}\n")).hasMessageContaining("cannot be varied");
        assertThatThrownBy(() -> parse(BASE + "axes: {producers.count: [1]}\naxes: {producers.count: [2]}\n"))
                .hasMessageContaining("axes");
        assertThatThrownBy(() -> parse(BASE + "points: [{producers.count: 1}, {producers.count: 1}]\n"))
                .hasMessageContaining("same name");
        assertThatThrownBy(() -> parse("workload: missing.yaml\naxes: {producers.count: [1]}\n"))
                .hasMessageContaining("missing.yaml");
    }

    @Test
    void pointSummaryHasMedianMinMaxAndAMedianRunSummary() {
        PointSummary s = PointSummary.of(List.of(run(100, 1000), run(300, 3000), run(200, 9000)));
        assertThat(s.stats().produced().recordsPerSec()).isEqualTo(new Spread(200, 100, 300, 3, List.of(100.0, 300.0, 200.0)));
        assertThat(s.median().produced().recordsPerSec()).isEqualTo(200);
        assertThat(s.median().publishLatencyMicros().p99()).isEqualTo(3000);
        assertThat(s.stats().publishLatencyMicros()).isNotNull();
        assertThat(s.stats().consumed()).isNull();
        assertThat(s.stats().endToEndLatencyMicros()).isNull();
        assertThat(Threshold.parse("publish.p99<4ms").evaluate(s.median()).passed()).isTrue();
    }

    private static Summary run(double rate, long p99) {
        Totals t = new Totals(1000, 100_000, rate, rate / 10485.76, 1000 / rate, 0, Map.of(), 0, null, null);
        return new Summary("actualSendTime", t, null, new LatencyStats(1000, p99 / 2, p99 / 2, p99, p99, p99, p99 / 3.0), null, null, null);
    }
}
