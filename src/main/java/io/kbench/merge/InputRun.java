package io.kbench.merge;

import io.kbench.error.InvalidInputException;
import io.kbench.measure.IntervalLog;
import io.kbench.measure.LatencyMetric;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Totals;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One run to be merged: its result.json and its three interval logs, checked to belong together (the same number of
 * intervals as result.json lists, and as many values as its summary counts).
 *
 * @param dir    the result directory as given
 * @param result its result.json
 * @param logs   each log's interval histograms, in order
 */
record InputRun(Path dir, RunResult result, Map<LatencyMetric, List<Histogram>> logs) {
    InputRun {
        logs = Map.copyOf(logs);
    }

    /** Reads {@code dir}; anything that keeps it from being merged exactly is an input error naming the file. */
    static InputRun load(Path dir) {
        RunResult result = ResultReader.read(dir, RunResult.class);
        if (result.merge() != null) {
            // Its inputs' logs are what a merge adds up; a merged result's bins would lose their own time placement.
            throw new InvalidInputException(dir + ": is itself a merged result; merge the original runs together");
        }
        Path base = ResultReader.locate(dir).toAbsolutePath().getParent();
        Map<LatencyMetric, List<Histogram>> logs = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric metric : LatencyMetric.values()) {
            Path file = base.resolve(metric.fileName());
            List<Histogram> intervals = IntervalLog.read(file).orElseThrow(() -> new InvalidInputException(file
                    + ": missing; merge adds up the interval logs every kbench run writes next to its result.json"));
            checkCount(file, metric, intervals, result);
            checkIntervals(file, intervals, result);
            logs.put(metric, intervals);
        }
        return new InputRun(dir, result, logs);
    }

    /** The measured window on the wall clock: the producers', or the consumers' for a run without producers. */
    Totals window() {
        Totals produced = result.summary().produced();
        return produced != null && produced.records() > 0 ? produced : result.summary().consumed();
    }

    private static void checkCount(Path file, LatencyMetric metric, List<Histogram> intervals, RunResult result) {
        LatencyStats stats = result.summary() == null ? null : metric.of(result.summary());
        long expected = stats == null ? 0 : stats.count();
        long actual = IntervalLog.total(intervals).getTotalCount();
        if (actual != expected) {
            throw new InvalidInputException(file + ": holds " + actual + " values but result.json counts " + expected
                    + " (summary " + metric.key() + "); the log and the result are not of the same run");
        }
    }

    private static void checkIntervals(Path file, List<Histogram> intervals, RunResult result) {
        int expected = result.intervals() == null ? 0 : result.intervals().size();
        if (intervals.size() != expected) {
            throw new InvalidInputException(file + ": holds " + intervals.size() + " intervals but result.json lists "
                    + expected + "; the log and the result are not of the same run");
        }
    }
}
