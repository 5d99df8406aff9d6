package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.kpi.Threshold;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.Anomaly;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which exit code wins when a run both fails a threshold and finds an integrity violation, or fails outright. */
class RunExitCodeTest {
    private static final Anomaly NONE = new Anomaly(0, IntegrityVerdict.OK, null, List.of());

    private static Integrity integrity(IntegrityVerdict verdict) {
        Anomaly lost = verdict == IntegrityVerdict.OK ? NONE : new Anomaly(1, verdict, "why", List.of());
        return new Integrity(verdict, new IntegritySettings("all", true, 5, 2, 3, false), 1, 1, 0, 0, 0, 0, 0, 0,
                lost, NONE, NONE, NONE, null, null);
    }

    private static RunResult result(RunStatus status, boolean thresholdPassed, Integrity integrity) {
        List<ThresholdVerdict> thresholds = List.of(new ThresholdVerdict(
                Threshold.parse("publish.p99<1ms").condition(), thresholdPassed, 2, "2 ms"));
        return RunResult.builder().name("x").status(status).thresholds(thresholds).integrity(integrity).build();
    }

    @Test
    void aViolationExitsFourAndOutranksAFailedThresholdButNotAFailedRun() {
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, true, integrity(IntegrityVerdict.VIOLATION)), 0.5, System.out).code()).isEqualTo(4);
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, false, integrity(IntegrityVerdict.VIOLATION)), 0.5, System.out).code()).isEqualTo(4);
        assertThat(ExitPolicy.of(result(RunStatus.FAILED, true, integrity(IntegrityVerdict.VIOLATION)), 0.5, System.out).code()).isEqualTo(1);
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, false, integrity(IntegrityVerdict.EXPECTED)), 0.5, System.out).code()).isEqualTo(3);
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, true, integrity(IntegrityVerdict.EXPECTED)), 0.5, System.out).code()).isZero();
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, true, null), 0.5, System.out).code()).isZero();
    }

    @Test
    void aRunShortOfMinRateRatioExitsFiveAndOutranksAFailedThresholdButNotAViolation() {
        RunResult shortRun = result(RunStatus.COMPLETED, false, null)
                .toBuilder().schedule(io.kbench.result.run.Schedule.of(20_000, 8_798, 12, 27.3)).build();
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        assertThat(ExitPolicy.of(shortRun, 0.5, new java.io.PrintStream(text, true)).code()).isEqualTo(5);
        assertThat(text.toString()).contains("rate shortfall: achieved 44% of the offered rate, below --min-rate-ratio 0.50");
        assertThat(ExitPolicy.of(shortRun, 0.4, System.out).code()).isEqualTo(3);
        assertThat(ExitPolicy.of(shortRun, 0, System.out).code()).isEqualTo(3);
        RunResult violated = result(RunStatus.COMPLETED, true, integrity(IntegrityVerdict.VIOLATION));
        RunResult both = violated.toBuilder().schedule(io.kbench.result.run.Schedule.of(20_000, 8_798, 12, 27.3)).build();
        assertThat(ExitPolicy.of(both, 0.5, System.out).code()).isEqualTo(4);
        assertThat(io.kbench.result.run.Schedule.of(20_000, 8_798, 12, 27.3).line()).isEqualTo(
                "schedule: fell short, 8,798 of 20,000 records/s offered (44%); the window took 27.3 s for 12.0 s planned (2.28x)");
        assertThat(io.kbench.result.run.Schedule.of(20_000, 19_991, 12, 12.0).line())
                .isEqualTo("schedule: met, 19,991 of 20,000 records/s offered (100%)");
    }

    /** What --junit-xml and --markdown are given: the run's name and every verdict, judged on the run's summary. */
    @Test
    void theEndingCarriesTheVerdictsForTheCiOutputs() {
        ExitPolicy ended = ExitPolicy.of(result(RunStatus.COMPLETED, false, null), 0.5, System.out);
        assertThat(ended.exitCode()).isEqualTo(io.kbench.error.ExitCode.THRESHOLD_FAILED);
        assertThat(ended.judged().name()).isEqualTo("x");
        assertThat(ended.judged().on()).isEqualTo("the run's summary");
        assertThat(ended.judged().cases()).singleElement().satisfies(c -> {
            assertThat(c.subject()).isNull();
            assertThat(c.verdict().threshold().text()).isEqualTo("publish.p99<1ms");
            assertThat(c.verdict().passed()).isFalse();
        });
        assertThat(ExitPolicy.of(RunResult.builder().name("y").status(RunStatus.COMPLETED).build(), 0.5, System.out)
                .judged().cases()).as("no --threshold").isEmpty();
    }
}
