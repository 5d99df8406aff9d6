package io.kbench.load;

import io.kbench.measure.SendWindows;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.StageResult;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.RateStage;
import java.util.ArrayList;
import java.util.List;

/**
 * The rate stages' windows ({@code producers.stages}): opened when the producers start, one per stage after the fixed
 * warm-up, and read into each stage's figures when the run ends.
 */
final class StageWindows {
    private StageWindows() {
    }

    /** Opens one window per stage of {@code producers}, whose schedule begins at {@code startNanos}; once per run. */
    static void open(SendWindows windows, ProducerSpec producers, long startNanos) {
        if (windows.opened() > 0) {
            return; // another slice of this run's producers opened them
        }
        long at = startNanos + (producers.warmupDuration() == null ? 0 : producers.warmupDuration().toNanos());
        for (RateStage stage : producers.stages()) {
            int index = windows.open(at);
            at += stage.duration().toNanos();
            windows.close(index, at);
        }
    }

    /**
     * Each stage's figures, on the run's time axis from {@code runStartNanos}; end-to-end latency only with
     * {@code endToEnd} (live consumers). A run stopped or failed at {@code endNanos} (Long.MAX_VALUE for one that
     * completed) reports the stages it reached, the last one up to that time; null when it reached none.
     */
    static List<StageResult> figures(SendWindows windows, ProducerSpec producers, long runStartNanos, boolean endToEnd,
                                     long endNanos) {
        List<StageResult> figures = new ArrayList<>();
        for (int i = 0; i < windows.opened() && windows.startNanos(i) < endNanos; i++) {
            RateStage stage = producers.stages().get(i);
            long start = windows.startNanos(i);
            boolean cut = windows.endNanos(i) > endNanos;
            long end = cut ? endNanos : windows.endNanos(i);
            double seconds = (end - start) / 1e9;
            double achieved = windows.acknowledgedIn(i) / seconds;
            LatencyStats e2e = endToEnd ? windows.endToEndLatency(i) : null;
            figures.add(new StageResult(i + 1, stage.text() + (cut ? " (cut short by the run's end)" : ""),
                    (start - runStartNanos) / 1e9, (end - runStartNanos) / 1e9, stage.meanRate(), achieved,
                    achieved / stage.meanRate(), windows.failures(i), windows.latency(i), e2e));
        }
        return figures.isEmpty() ? null : figures;
    }
}
