package io.kbench.merge;

import io.kbench.error.RunFailedException;
import io.kbench.measure.DriftRule;
import io.kbench.measure.IntervalLog;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencySeries;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.MergeInfo;
import io.kbench.result.run.MergedInput;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * {@code kbench merge}: adds up runs that measured at the same time (started by a scheduler of the user's, say) into
 * one result, exactly: latencies by adding the runs' interval histograms (never by averaging percentiles), records,
 * bytes and errors by summing, over the window from the earliest start to the latest end. The merged directory holds
 * a result.json of kind run (with {@code merge}: each input's own figures) and the merged .hlog files, so report,
 * compare and plan read it like any run.
 */
public final class RunMerger {
    private RunMerger() {
    }

    /** The merged run and its interval logs, ready to be written. */
    public record Merged(RunResult result, long zeroMillis, Map<LatencyMetric, List<Histogram>> logs) {
        public Merged {
            logs = Map.copyOf(logs);
        }

        /** Writes result.json and the three .hlog files into {@code out} (created); returns result.json. */
        public Path writeTo(Path out) {
            try {
                Files.createDirectories(out);
            } catch (IOException e) {
                throw new RunFailedException("cannot create " + out + ": " + e.getMessage(), e);
            }
            for (LatencyMetric metric : LatencyMetric.values()) {
                IntervalLog.writeMerged(out, metric, zeroMillis, logs.get(metric));
            }
            return ResultWriter.write(result, out);
        }
    }

    /**
     * Reads and checks {@code dirs} (run result directories) and merges them; {@code name} names the merged run (null:
     * the first input's workload name). Anything that keeps them from being merged exactly is an input error, before
     * anything is written to {@code out}.
     */
    public static Merged merge(List<Path> dirs, Path out, String name) {
        MergeRules.checkPaths(dirs, out);
        List<InputRun> runs = dirs.stream().map(InputRun::load).toList();
        MergeRules.Window common = MergeRules.check(runs);
        RunResult first = runs.get(0).result();
        String merged = name != null ? name : first.name();
        RunIntervalMerger.Merged series = RunIntervalMerger.merge(runs, first.workload().reportInterval().toMillis());
        RunStatus status = runs.stream().map(r -> r.result().status()).max(Comparator.naturalOrder()).orElseThrow();
        InputRun worst = runs.stream().filter(r -> r.result().status() == status).findFirst().orElseThrow();
        RunResult result = RunResult.builder().name(merged).status(status)
                .failure(status == RunStatus.COMPLETED ? null
                        : worst.dir() + ": " + Objects.requireNonNullElse(worst.result().failure(), status.json()))
                .tags(commonTags(runs)).startTime(earliest(runs, r -> r.result().startTime()))
                .endTime(latest(runs, r -> r.result().endTime())).environment(first.environment())
                .cluster(first.cluster())
                .workload(MergedWorkload.of(merged, runs.stream().map(r -> r.result().workload()).toList()))
                .clientProperties(first.clientProperties()).summary(summary(runs)).intervals(series.points())
                .merge(new MergeInfo(runs.stream().map(RunMerger::input).toList(), common.start(), common.end(),
                        Duration.between(common.start(), common.end()).toNanos() / 1e9,
                        "each input's report intervals placed whole, by their midpoint, on a common axis of "
                                + first.workload().reportInterval().toMillis() + " ms intervals from the earliest"
                                + " input's start; an interval's figures move by at most half an interval")).build();
        // Judged on the merged series as a single run is: the inputs' own drift says nothing of their sum.
        // A staged run's rate moves by design: no drift verdict, as for a single staged run.
        result = result.toBuilder().drift(first.workload().producers().staged() ? null : DriftRule.of(result.summary(),
                result.intervals(), result.fixedRateRecordsPerSec())).build();
        return new Merged(result, series.zeroMillis(), series.bins());
    }

    private static Summary summary(List<InputRun> runs) {
        Summary first = runs.get(0).result().summary();
        return new Summary(first.latencyMeasuredFrom(),
                TotalsSum.of(runs.stream().map(r -> r.result().summary().produced()).toList()),
                TotalsSum.of(runs.stream().map(r -> r.result().summary().consumed()).toList()),
                latency(runs, LatencyMetric.PUBLISH), latency(runs, LatencyMetric.END_TO_END),
                latency(runs, LatencyMetric.SEND_DELAY), null);
    }

    /** The percentiles of the sum of every input's histograms; absent when no input measured this latency. */
    private static LatencyStats latency(List<InputRun> runs, LatencyMetric metric) {
        if (runs.stream().allMatch(r -> metric.of(r.result().summary()) == null)) {
            return null;
        }
        return LatencySeries.stats(IntervalLog.total(runs.stream().flatMap(r -> r.logs().get(metric).stream()).toList()));
    }

    private static MergedInput input(InputRun run) {
        RunResult r = run.result();
        return new MergedInput(run.dir().toString(), r.name(), r.status(), r.failure(), r.startTime(), r.endTime(),
                r.environment(), r.cluster(), r.workload(), r.summary(),
                r.integrity() == null ? null : r.integrity().verdict());
    }

    /** The tags every input has with the same value. */
    private static Map<String, String> commonTags(List<InputRun> runs) {
        Map<String, String> common = new LinkedHashMap<>(Objects.requireNonNullElse(runs.get(0).result().tags(), Map.of()));
        for (InputRun run : runs) {
            Map<String, String> tags = Objects.requireNonNullElse(run.result().tags(), Map.of());
            common.entrySet().removeIf(e -> !e.getValue().equals(tags.get(e.getKey())));
        }
        return common.isEmpty() ? null : common;
    }

    private static Instant earliest(List<InputRun> runs, Function<InputRun, Instant> time) {
        return runs.stream().map(time).filter(Objects::nonNull).min(Comparator.naturalOrder()).orElse(null);
    }

    private static Instant latest(List<InputRun> runs, Function<InputRun, Instant> time) {
        return runs.stream().map(time).filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(null);
    }
}
