package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.Anomaly;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.RunStatus;
import io.kbench.result.ThresholdVerdict;
import io.kbench.verdict.Threshold;
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
        return RunResults.builder().name("x").status(status).thresholds(thresholds).integrity(integrity).build();
    }

    @Test
    void aViolationExitsFourAndOutranksAFailedThresholdButNotAFailedRun() {
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, true, integrity(IntegrityVerdict.VIOLATION))).code()).isEqualTo(4);
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, false, integrity(IntegrityVerdict.VIOLATION))).code()).isEqualTo(4);
        assertThat(ExitPolicy.of(result(RunStatus.FAILED, true, integrity(IntegrityVerdict.VIOLATION))).code()).isEqualTo(1);
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, false, integrity(IntegrityVerdict.EXPECTED))).code()).isEqualTo(3);
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, true, integrity(IntegrityVerdict.EXPECTED))).code()).isZero();
        assertThat(ExitPolicy.of(result(RunStatus.COMPLETED, true, null)).code()).isZero();
    }
}
