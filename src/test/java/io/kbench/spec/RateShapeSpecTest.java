package io.kbench.spec;

import static io.kbench.spec.QuickStartWith.load;
import static io.kbench.spec.QuickStartWith.rejects;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** producers.shape: a day compressed into minutes and bursts on a period, each made into the stages it stands for. */
class RateShapeSpecTest {
    private static final String DAY = "producers.shape={daily: {period: 24m, low: 2000, high: 20000}}";
    private static final String BURSTS = "producers.shape={bursts: {base: 5000, burst: 20000, every: 60s, length: 5s,"
            + " count: 3}}";

    @Test
    void aDayIs24RampsThroughARaisedCosineLowestAt4AndHighestAt16() {
        ProducerSpec p = load(DAY, "producers.warmupDuration=10s").producers();
        List<RateStage> stages = p.stages();
        assertThat(stages).hasSize(24).allMatch(s -> s.isRamp() && s.duration().equals(Duration.ofMinutes(1)));
        assertThat(stages.get(4).startRate()).isCloseTo(2000, within(1e-9));
        assertThat(stages.get(16).startRate()).isCloseTo(20000, within(1e-9));
        // Midnight: a quarter of the way up (1 - cos 60°) / 2 = 0.25; each ramp ends where the next begins.
        assertThat(stages.get(0).startRate()).isCloseTo(6500, within(1e-9));
        for (int h = 0; h < 23; h++) {
            assertThat(stages.get(h).endRate()).isEqualTo(stages.get(h + 1).startRate());
        }
        assertThat(stages.get(23).endRate()).isCloseTo(stages.get(0).startRate(), within(1e-9));
        assertThat(p.duration()).isEqualTo(Duration.ofMinutes(24));
        // The raised cosine's mean over a whole day is its middle.
        assertThat(p.offeredRate()).isCloseTo(11_000, within(11_000 * 0.01));
        assertThat(p.offeredLoadText()).isEqualTo("a day in 24m, 2,000 records/s at 04:00 to 20,000 at 16:00 (24 ramps)");
    }

    @Test
    void burstsAreTwoConstantStagesAPeriod() {
        ProducerSpec p = load(BURSTS, "producers.warmupDuration=5s").producers();
        assertThat(p.stages()).containsExactly(
                RateStage.constant(Duration.ofSeconds(55), 5000), RateStage.constant(Duration.ofSeconds(5), 20000),
                RateStage.constant(Duration.ofSeconds(55), 5000), RateStage.constant(Duration.ofSeconds(5), 20000),
                RateStage.constant(Duration.ofSeconds(55), 5000), RateStage.constant(Duration.ofSeconds(5), 20000));
        assertThat(p.duration()).isEqualTo(Duration.ofMinutes(3));
        assertThat(p.offeredRate()).isEqualTo(6250);
        assertThat(p.offeredLoadText()).isEqualTo("bursts of 20,000 records/s for 5s every 1m over 5,000 records/s, 3 times");
    }

    @Test
    void theResolvedWorkloadWithItsStagesReadsBackAndASweepInsideTheShapeRemakesThem() {
        WorkloadSpec once = load(BURSTS, "producers.warmupDuration=5s");
        WorkloadSpec again = once.with("producers.count", 3);
        assertThat(again.producers().stages()).isEqualTo(once.producers().stages());
        WorkloadSpec faster = once.with("producers.shape.bursts.burst", 40000);
        assertThat(faster.producers().stages().get(1)).isEqualTo(RateStage.constant(Duration.ofSeconds(5), 40000));
        WorkloadSpec longer = once.with("producers.shape.bursts.count", 4);
        assertThat(longer.producers().duration()).isEqualTo(Duration.ofMinutes(4));
        assertThat(once.with("producers.rate", 1000).producers().staged()).isFalse();
    }

    @Test
    void badShapesAreRefusedNamingTheField() {
        rejects("producers.shape: give exactly one: daily {period, low, high} or bursts",
                "producers.shape={}", "producers.warmupDuration=5s");
        rejects("producers.shape.daily.period: must be 24s to 24h", "producers.warmupDuration=5s",
                "producers.shape={daily: {period: 10s, low: 1, high: 2}}");
        rejects("producers.shape.daily.period", "producers.warmupDuration=5s",
                "producers.shape={daily: {period: 25s, low: 1, high: 2}}");
        rejects("producers.shape.daily.high: must be above low", "producers.warmupDuration=5s",
                "producers.shape={daily: {period: 24s, low: 5, high: 5}}");
        rejects("producers.shape.bursts.length: must be above 0 and shorter than every (1m)",
                "producers.warmupDuration=5s",
                "producers.shape={bursts: {base: 1, burst: 2, every: 60s, length: 60s, count: 1}}");
        rejects("producers.shape.bursts.count: must be 1 to 32", "producers.warmupDuration=5s",
                "producers.shape={bursts: {base: 1, burst: 2, every: 60s, length: 5s, count: 33}}");
        rejects("producers.shape.bursts.burst: must be above base", "producers.warmupDuration=5s",
                "producers.shape={bursts: {base: 3, burst: 2, every: 60s, length: 5s, count: 1}}");
    }

    @Test
    void aFileWithStagesOtherThanItsShapeIsRefused(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("both.yaml"), """
                name: both
                producers:
                  warmupDuration: 5s
                  shape: {bursts: {base: 1, burst: 2, every: 60s, length: 5s, count: 1}}
                  stages: [{duration: 1s, rate: 5}]
                """);
        assertThatThrownBy(() -> new SpecLoader().load(file, List.of())).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.stages: give stages or shape, not both (the shape makes the stages)");
    }
}
