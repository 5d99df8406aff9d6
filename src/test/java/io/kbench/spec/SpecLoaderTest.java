package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Loading a workload: the quick-start, the defaults, --set and the auto warm-up; its errors are {@link SpecLoaderErrorsTest}.
 */
class SpecLoaderTest extends WorkloadFilesTestBase {
    private static final String QUICKSTART = "built-in quick start (src/main/resources/workloads/quickstart.yaml)";

    // ---- the quick-start and the defaults ----

    @Test
    void quickstartLoads() {
        WorkloadSpec s = quickstart();
        assertThat(s.name()).isEqualTo("quickstart");
        assertThat(s.topic().name()).isEqualTo("kbench-quickstart");
        assertThat(s.topic().partitions()).isEqualTo(6);
        assertThat(s.producers().count()).isEqualTo(2);
        assertThat(s.producers().rate()).isEqualTo(20_000.0);
        assertThat(s.producers().duration()).isEqualTo(Duration.ofSeconds(20));
        assertThat(s.producers().warmupDuration()).isNull();
        assertThat(s.producers().warmup()).isEqualTo(new WarmupSpec(WarmupSpec.Mode.AUTO, Duration.ofSeconds(3),
                Duration.ofSeconds(60)));
        assertThat(s.producers().recordSize().bytes()).isEqualTo(1024);
        assertThat(s.producers().payload().type()).isEqualTo(PayloadType.SYNTHETIC);
        assertThat(s.producers().payload().compressibility()).isEqualTo(0.5);
        assertThat(s.producers().properties()).containsEntry("acks", "all").containsEntry("linger.ms", "5");
        assertThat(s.consumers().mode()).isEqualTo(ConsumerMode.LIVE);
        assertThat(s.consumers().count()).isEqualTo(1);
    }

    @Test
    void emptyFileGivesEveryDefault() throws IOException {
        WorkloadSpec s = load("");
        assertThat(s.name()).isEqualTo("workload");
        assertThat(s.description()).isNull();
        assertThat(s.reportInterval()).isEqualTo(Duration.ofSeconds(1));

        TopicSpec t = s.topic();
        assertThat(t.name()).isEqualTo("kbench");
        assertThat(t.partitions()).isEqualTo(6);
        assertThat(t.replicationFactor()).isEqualTo(1);
        assertThat(t.create()).isTrue();
        assertThat(t.deleteAfter()).isFalse();
        assertThat(t.configs()).isEmpty();

        ProducerSpec p = s.producers();
        assertThat(p.count()).isEqualTo(1);
        assertThat(p.rate()).isNull();
        assertThat(p.unlimitedRate()).isTrue();
        assertThat(p.records()).isNull();
        assertThat(p.duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(p.warmupRecords()).isNull();
        assertThat(p.warmupDuration()).isNull();
        assertThat(p.hasWarmup()).isFalse();
        assertThat(p.recordSize().isFixed()).isTrue();
        assertThat(p.recordSize().bytes()).isEqualTo(1024);
        assertThat(p.keys().type()).isEqualTo(KeyType.NONE);
        assertThat(p.keys().count()).isNull();
        assertThat(p.payload().type()).isEqualTo(PayloadType.RANDOM);
        assertThat(p.payload().seed()).isEqualTo(42L);
        assertThat(p.payload().compressibility()).isNull();
        assertThat(p.properties()).isEmpty();

        ConsumerSpec c = s.consumers();
        assertThat(c.mode()).isEqualTo(ConsumerMode.NONE);
        assertThat(c.count()).isZero();
        assertThat(c.enabled()).isFalse();
        assertThat(c.idleTimeout()).isEqualTo(Duration.ofSeconds(30));

        assertThat(s.cluster().brokers()).isEqualTo(1);
        assertThat(s.cluster().brokerConfig()).isEmpty();
    }

    @Test
    void sectionDefaults() throws IOException {
        WorkloadSpec s = load("""
                producers:
                  keys: {type: random}
                  payload: {type: synthetic}
                consumers: {}
                """);
        assertThat(s.producers().keys().count()).isEqualTo(1000);
        assertThat(s.producers().payload().compressibility()).isEqualTo(0.5);
        assertThat(s.consumers().mode()).isEqualTo(ConsumerMode.LIVE);
        assertThat(s.consumers().count()).isEqualTo(1);
        assertThat(s.consumers().group()).isNull();
        assertThat(s.consumers().properties()).isEmpty();
    }

    @Test
    void recordSizeDistributions() throws IOException {
        RecordSizeSpec uniform = load("producers: {recordSize: {min: 100, max: 2000}}").producers().recordSize();
        assertThat(uniform.isFixed()).isFalse();
        assertThat(uniform.minBytes()).isEqualTo(100);
        assertThat(uniform.meanBytes()).isEqualTo(1050.0);
        RecordSizeSpec normal = load("producers: {recordSize: {mean: 1000, stddev: 200, min: 16, max: 4096}}")
                .producers().recordSize();
        assertThat(normal.meanBytes()).isEqualTo(1000.0);
    }

    @Test
    void recordSizesTakeBinaryUnitsAndStayNumbersInTheResolvedWorkload() throws IOException {
        assertThat(quickstart("producers.recordSize=1Ki").producers().recordSize().bytes()).isEqualTo(1024);
        assertThat(quickstart("producers.recordSize=4KiB").producers().recordSize().bytes()).isEqualTo(4096);
        RecordSizeSpec uniform = load("producers: {recordSize: {min: 512, max: 1Mi}}").producers().recordSize();
        assertThat(uniform.max()).isEqualTo(1 << 20);
        RecordSizeSpec normal = load("producers: {recordSize: {mean: 1Ki, stddev: 100, min: 16, max: 4Ki}}")
                .producers().recordSize();
        assertThat(normal.meanBytes()).isEqualTo(1024.0);
        assertThat(new SpecLoader().toTree(normal).toString()).isEqualTo("{\"min\":16,\"max\":4096,\"mean\":1024,\"stddev\":100}");
        rejects("producers: {recordSize: 1K}").hasMessageContaining("producers.recordSize").hasMessageContaining("64Ki")
                .hasMessageContaining("got 1K");
        rejects("producers: {recordSize: {min: 1, max: 1MB}}").hasMessageContaining("producers.recordSize.max")
                .hasMessageContaining("64Ki").hasMessageContaining("got '1MB'");
    }

    @Test
    void wrongShapesNameThePathTheValueAndTheAcceptedFormsWithoutJava() {
        assertThatThrownBy(() -> quickstart("producers.recordSize=[1, 2]")).hasMessage(QUICKSTART + ": "
                + "producers.recordSize: expected a size such as 1024, 1Ki or 4KiB, or a mapping {min, max} or "
                + "{mean, stddev, min, max} of sizes (got [1, 2])");
        assertThatThrownBy(() -> quickstart("producers.count={a: 1}"))
                .hasMessage(QUICKSTART + ": producers.count: expected a whole number (got {a: 1})");
        assertThatThrownBy(() -> quickstart("consumers.mode=[1]"))
                .hasMessage(QUICKSTART + ": consumers.mode: expected one of none, live, backlog, share (got [1])");
        assertThatThrownBy(() -> quickstart("faults=[{at: 1s, action: kill, target: {a: 1}}]")).hasMessage(
                QUICKSTART + ": faults[0].target: expected a broker id, follower, leader, controller or "
                        + "random (got {a: 1})");
        assertThatThrownBy(() -> quickstart("producers.keys=lots")).hasMessage(
                QUICKSTART + ": producers.keys: expected a mapping with keys type, count, exponent (got 'lots')");
    }

    @Test
    void anErrorInTheQuickStartNamesAFileTheCheckoutHas() {
        // issue 42: a --set error named workloads/quickstart.yaml, which is inside the jar, in no directory of the user's
        Throwable e = catchThrowable(() -> quickstart("producers.count=lots"));
        assertThat(e).isInstanceOf(InvalidInputException.class);
        String source = e.getMessage().substring(0, e.getMessage().indexOf(": "));
        Matcher file = Pattern.compile("[\\w./-]+\\.yaml").matcher(source);
        assertThat(file.find()).as(source).isTrue();
        assertThat(Path.of(file.group())).as(source).isRegularFile();
    }

    // ---- --set ----

    @Test
    void setOverridesNumbersAndDurations() {
        WorkloadSpec s = quickstart("producers.rate=5000", "topic.partitions=12", "producers.duration=90s",
                "producers.warmupDuration=0s", "reportInterval=500ms", "producers.rate=7500.5");
        assertThat(s.producers().rate()).isEqualTo(7500.5); // later --set wins
        assertThat(s.topic().partitions()).isEqualTo(12);
        assertThat(s.producers().duration()).isEqualTo(Duration.ofSeconds(90));
        assertThat(s.producers().warmupDuration()).isZero();
        assertThat(s.reportInterval()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void setKeepsDottedKafkaKeysWhole() {
        WorkloadSpec s = quickstart("producers.properties.linger.ms=5", "producers.properties.compression.type=zstd",
                "topic.configs.retention.ms=60000", "cluster.brokerConfig.num.io.threads=4",
                "consumers.properties.fetch.min.bytes=1");
        assertThat(s.producers().properties()).containsEntry("linger.ms", "5")
                .containsEntry("compression.type", "zstd").doesNotContainKey("linger");
        assertThat(s.topic().configs()).isEqualTo(Map.of("retention.ms", "60000"));
        assertThat(s.cluster().brokerConfig()).isEqualTo(Map.of("num.io.threads", "4"));
        assertThat(s.consumers().properties()).containsEntry("fetch.min.bytes", "1");
    }

    @Test
    void setCreatesNestedSections() throws IOException {
        WorkloadSpec s = load("", "producers.keys.type=round-robin", "producers.keys.count=10",
                "producers.recordSize.min=10", "producers.recordSize.max=20");
        assertThat(s.producers().keys().type()).isEqualTo(KeyType.ROUND_ROBIN);
        assertThat(s.producers().keys().count()).isEqualTo(10);
        assertThat(s.producers().recordSize().min()).isEqualTo(10);
        assertThat(s.producers().recordSize().max()).isEqualTo(20);
    }

    @Test
    void setUnderAScalarIsAnError() {
        assertThatThrownBy(() -> quickstart("producers.rate.max=5"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.rate.max").hasMessageContaining("'rate' is a value");
    }

    @Test
    void setWithoutEqualsIsAnError() {
        assertThatThrownBy(() -> quickstart("producers.rate"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--set").hasMessageContaining("producers.rate");
        assertThatThrownBy(() -> quickstart("producers..rate=5"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("empty path segment");
    }

    @Test
    void setOfAnUnknownKeyNamesThePath() {
        assertThatThrownBy(() -> quickstart("producers.rat=5"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("producers.rat");
    }

    // ---- auto warm-up ----

    @Test
    void autoWarmupTakesDefaultsOrBounds() throws IOException {
        assertThat(load("producers: {warmup: auto}").producers().warmup())
                .isEqualTo(new WarmupSpec(WarmupSpec.Mode.AUTO, Duration.ofSeconds(3), Duration.ofSeconds(60)));
        WarmupSpec bounded = load("producers: {warmup: {min: 5s, max: 2m}}").producers().warmup();
        assertThat(bounded.min()).isEqualTo(Duration.ofSeconds(5));
        assertThat(bounded.max()).isEqualTo(Duration.ofMinutes(2));
        assertThat(load("producers: {warmupDuration: 2s}").producers().autoWarmup()).isFalse();
    }

    @Test
    void badAutoWarmupIsOneLineNamingFieldAndValue() {
        rejects("producers: {warmup: sometimes}").hasMessageContaining("producers.warmup")
                .hasMessageContaining("'sometimes'").hasMessageNotContaining("\n");
        rejects("producers: {warmup: {mode: always}}").hasMessageContaining("producers.warmup.mode")
                .hasMessageContaining("always");
        rejects("producers: {warmup: {min: 10s, max: 5s}}").hasMessageContaining("producers.warmup.max")
                .hasMessageContaining("5s");
        rejects("producers: {count: 0, records: 0, warmup: auto}").hasMessageContaining("needs producers");
        rejects("producers: {warmup: auto, warmupDuration: 5s}").hasMessageContaining("producers.warmup")
                .hasMessageContaining("not both");
    }

    @Test
    void setOfOneKindOfWarmupReplacesTheOther() {
        WarmupSpec auto = quickstart().producers().warmup();
        assertThat(auto).isNotNull();
        var fixed = quickstart("producers.warmupDuration=1s").producers();
        assertThat(fixed.warmup()).isNull();
        assertThat(fixed.warmupDuration()).isEqualTo(Duration.ofSeconds(1));
        assertThat(quickstart("producers.warmupRecords=100").producers().warmup()).isNull();
        var back = quickstart("producers.warmupDuration=1s", "producers.warmup=auto").producers();
        assertThat(back.warmup()).isEqualTo(auto);
        assertThat(back.warmupDuration()).isNull();
        assertThat(quickstart("producers.warmup.max=30s").producers().warmup().max()).isEqualTo(Duration.ofSeconds(30));
        assertThat(quickstart().with("producers.warmupDuration", Duration.ofSeconds(2)).producers().warmup()).isNull();
    }
}
