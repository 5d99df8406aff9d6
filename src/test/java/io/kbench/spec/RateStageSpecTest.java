package io.kbench.spec;

import static io.kbench.spec.QuickStartWith.load;
import static io.kbench.spec.QuickStartWith.rejects;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** producers.stages as a workload file or --set gives them, and what they exclude, each refused naming the field. */
class RateStageSpecTest {
    private static final String STAGES = "producers.stages=[{duration: 30s, rate: 5000}, {duration: 10s, from: 5000,"
            + " to: 20000}, {duration: 20s, rate: 20000}]";

    @Test
    void stagesOnTheQuickStartReplaceItsRateAndDurationAndSetTheLength() {
        ProducerSpec p = load(STAGES, "producers.warmupDuration=5s").producers();
        assertThat(p.staged()).isTrue();
        assertThat(p.unlimitedRate()).isFalse();
        assertThat(p.rate()).isNull();
        assertThat(p.duration()).isEqualTo(Duration.ofSeconds(60));
        assertThat(p.stages()).containsExactly(RateStage.constant(Duration.ofSeconds(30), 5000),
                RateStage.ramp(Duration.ofSeconds(10), 5000, 20000), RateStage.constant(Duration.ofSeconds(20), 20000));
        // 150,000 + 125,000 + 400,000 records over 60 s.
        assertThat(p.offeredRate()).isCloseTo(675_000 / 60.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(p.offeredLoadText()).isEqualTo("5,000 records/s for 30s, then 5,000 -> 20,000 records/s over 10s,"
                + " then 20,000 records/s for 20s");
    }

    @Test
    void aRateSetLaterReplacesTheStages() {
        ProducerSpec p = load(STAGES, "producers.warmupDuration=5s", "producers.rate=1000").producers();
        assertThat(p.staged()).isFalse();
        assertThat(p.rate()).isEqualTo(1000);
        // The stages took the quick start's 20 s away; the rate leaves the default.
        assertThat(p.duration()).isEqualTo(ProducerSpec.DEFAULT_DURATION);
    }

    @Test
    void theResolvedWorkloadReadsBackWithTheDurationTheStagesSet() {
        WorkloadSpec once = load(STAGES, "producers.warmupDuration=5s");
        WorkloadSpec again = once.with("producers.count", 3);
        assertThat(again.producers().stages()).isEqualTo(once.producers().stages());
        assertThat(again.producers().duration()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void aStageIsRefusedNamingItsIndexAndField() {
        rejects("producers.stages[1].rate", "producers.warmupDuration=5s",
                "producers.stages=[{duration: 1s, rate: 5}, {duration: 1s, rate: 0}]");
        rejects("producers.stages[0].duration", "producers.warmupDuration=5s", "producers.stages=[{rate: 5}]");
        rejects("producers.stages[0].duration: must be above 0 and at most 24h (got 25h)", "producers.warmupDuration=5s",
                "producers.stages=[{duration: 25h, rate: 5}]");
        rejects("producers.stages[0].rate: give rate (a constant stage) or from and to (a ramp), not both",
                "producers.warmupDuration=5s", "producers.stages=[{duration: 1s, rate: 5, from: 1, to: 2}]");
        rejects("producers.stages[0].to", "producers.warmupDuration=5s", "producers.stages=[{duration: 1s, from: 1}]");
        rejects("producers.stages[0].to: a ramp from 0 to 0 sends nothing", "producers.warmupDuration=5s",
                "producers.stages=[{duration: 1s, from: 0, to: 0}]");
        rejects("producers.stages[0].from", "producers.warmupDuration=5s",
                "producers.stages=[{duration: 1s, from: -1, to: 5}]");
    }

    @Test
    void whatStagesExcludeIsRefusedWithTheReason() {
        rejects("producers.stages: start after a fixed warm-up: give warmupDuration (e.g. 10s), not warmup (got 3 stage(s))",
                STAGES);
        rejects("producers.stages: start after a fixed warm-up: give warmupDuration (e.g. 10s), not warmupRecords", STAGES, "producers.warmupRecords=100");
        rejects("producers.duration: the stages last 1m and set the duration: leave it out (got 90s)", STAGES,
                "producers.warmupDuration=5s", "producers.duration=90s");
        rejects("producers.stages: set how long the producers send: leave producers.records out", STAGES,
                "producers.warmupDuration=5s", "producers.records=1000");
        rejects("producers.stages: need producers (count is 0)", STAGES, "producers.warmupDuration=5s",
                "producers.count=0");
        rejects("producers.stages: must list 1 to 64 stages (got 0 stage(s))", "producers.warmupDuration=5s",
                "producers.stages=[]");
        rejects("producers.warmupDuration: the warm-up runs at the first stage's starting rate, which is 0",
                "producers.warmupDuration=5s", "producers.stages=[{duration: 10s, from: 0, to: 100}]");
        rejects("producers.stages: runs with client java only", STAGES, "producers.warmupDuration=5s", "producers.client=franz-go");
    }

    @Test
    void anEmptyStageAndABacklogRunAreRefusedNamingTheField() {
        rejects("producers.stages[1]: must be a stage", "producers.warmupDuration=5s",
                "producers.stages=[{duration: 1s, rate: 5}, null]");
        rejects("producers.stages: need live consumers or none", STAGES, "producers.warmupDuration=5s",
                "consumers.mode=backlog");
    }

    @Test
    void aRampFromZeroWithoutAWarmUpIsAccepted() {
        ProducerSpec p = load("producers.warmupDuration=0s", "producers.stages=[{duration: 10s, from: 0, to: 100}]")
                .producers();
        assertThat(p.offeredRate()).isEqualTo(50);
        assertThat(p.stages().get(0).text()).isEqualTo("0 -> 100 records/s over 10s");
    }
}
