package io.kbench.experiment;

import io.kbench.measure.LiveMetrics;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Told each time an experiment has written a result directory (a run, a sweep repetition, a find-max probe or the
 * find-max answer), right after its "results:" line. The CLI renders the HTML report here, so experiment needs no
 * dependency on report and the output keeps its order.
 */
@FunctionalInterface
public interface ResultListener {
    void written(Path dir, PrintStream out);

    /** Told each interval and telemetry sample of every run while it runs (--metrics-port); none by default. */
    default LiveMetrics live() {
        return LiveMetrics.NONE;
    }

    /** {@code written} as the result listener, with {@code live} told about every run while it runs. */
    static ResultListener withLive(ResultListener written, LiveMetrics live) {
        return new ResultListener() {
            @Override
            public void written(Path dir, PrintStream out) {
                written.written(dir, out);
            }

            @Override
            public LiveMetrics live() {
                return live;
            }
        };
    }
}
