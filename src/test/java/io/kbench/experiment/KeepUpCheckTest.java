package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.console.FindMaxTable;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.run.Anomaly;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pass/fail rule of one probe, on hand-made run results. */
class KeepUpCheckTest {
    private static final KeepUpCheck CHECK = new KeepUpCheck(Threshold.parse("e2e.p99<200ms"), 0.05);

    private static RunResult result(String status, double achieved, long errors, Long consumed, long e2eP99Micros) {
        Totals produced = new Totals(10_000, 10_000_000, achieved, achieved / 1024, 10, errors, Map.of(), 0, null, null);
        Totals cons = consumed == null ? null
                : new Totals(consumed, consumed * 1000, achieved, achieved / 1024, 10, 0, Map.of(), 0, null, null);
        LatencyStats pub = new LatencyStats(10_000, 1_000, 2_000, 3_000, 4_000, 5_000, 1_200);
        LatencyStats e2e = new LatencyStats(10_000, 2_000, 3_000, e2eP99Micros, e2eP99Micros, e2eP99Micros, 2_500);
        Summary s = new Summary("intendedSendTime", produced, cons, pub, cons == null ? null : e2e, null, null);
        return RunResult.builder().name("w").status(RunStatus.of(status))
                .failure("completed".equals(status) ? null : "boom").tags(Map.of()).clientProperties(Map.of())
                .summary(s).intervals(List.of()).build();
    }

    @Test
    void keepingUpUnderTheSlaPasses() {
        ProbeOutcome o = CHECK.judge(1000, result("completed", 960, 0, 10_000L, 150_000), true, "probes/01-1000");
        assertThat(o.passed()).isTrue();
        assertThat(o.reason()).isEqualTo("ok");
        assertThat(o.producedRecordsPerSec()).isEqualTo(960);
        assertThat(o.publishP99Micros()).isEqualTo(3_000);
        assertThat(o.endToEndP99Micros()).isEqualTo(150_000);
        assertThat(o.resultDir()).isEqualTo("probes/01-1000");
    }

    @Test
    void everyReasonIsListed() {
        ProbeOutcome o = CHECK.judge(1000, result("failed", 900, 3, 9_000L, 250_000), true, null);
        assertThat(o.passed()).isFalse();
        assertThat(o.reason()).contains("run failed: boom").contains("achieved 900 rec/s < 95% of target")
                .contains("3 produce errors").contains("consumers fell behind: consumed 9,000 of 10,000")
                .contains("SLA e2e.p99<200ms failed (measured 250.0 ms)");
    }

    @Test
    void aProbeWithAnIntegrityViolationDoesNotKeepUp() {
        RunResult r = result("completed", 1000, 0, 10_000L, 150_000);
        Anomaly none = new Anomaly(0, IntegrityVerdict.OK, null, List.of());
        Integrity violated = new Integrity(IntegrityVerdict.VIOLATION, new IntegritySettings("all", true, 5, 2, 3, false),
                10, 10, 0, 0, 9, 9, 0, 0, new Anomaly(1, IntegrityVerdict.VIOLATION, "why", List.of()), none, none, none, null, null);
        RunResult verified = r.toBuilder().integrity(violated).build();
        assertThat(CHECK.judge(1000, r, true, null).passed()).isTrue();
        ProbeOutcome o = CHECK.judge(1000, verified, true, null);
        assertThat(o.passed()).isFalse();
        assertThat(o.reason()).contains("integrity violation");
    }

    @Test
    void anSlaOnAMetricTheRunDidNotMeasureFails() {
        ProbeOutcome o = CHECK.judge(1000, result("completed", 1000, 0, null, 5_000), false, null);
        assertThat(o.passed()).isFalse();
        assertThat(o.reason()).contains("not measured");
    }

    @Test
    void toleranceMustBeAFractionBelowOne() {
        assertThatThrownBy(() -> new KeepUpCheck(Threshold.parse("e2e.p99<1s"), 1.0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--keep-up-tolerance");
    }

    @Test
    void withoutAnSlaKeepingUpIsEnoughWhateverTheLatency() {
        KeepUpCheck keepUpOnly = new KeepUpCheck(null, 0.05);
        assertThat(keepUpOnly.judge(1000, result("completed", 960, 0, 10_000L, 9_000_000), true, null).passed()).isTrue();
        ProbeOutcome behind = keepUpOnly.judge(1000, result("completed", 900, 0, 10_000L, 5_000), true, null);
        assertThat(behind.passed()).isFalse();
        assertThat(behind.reason()).contains("achieved 900 rec/s").doesNotContain("SLA");
        assertThat(FindMaxTable.under(FindMaxSettings.NO_SLA)).isEqualTo("kept up with (no SLA)");
        assertThat(FindMaxTable.under("e2e.p99<200ms")).isEqualTo("under e2e.p99<200ms");
    }
}
