package io.kbench.study;

import io.kbench.result.Spread;
import io.kbench.result.sweep.SweepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The repetitions' values of some points pooled, or why there are none to judge: a point without a completed
 * repetition, a sweep that kept only the range of more than three, or a value that is no ratio (0).
 */
record PointRepetitions(String name, double[] values, double min, double max, String problem) {
    static PointRepetitions of(List<SweepResult.Point> points, Finding f) {
        List<Double> all = new ArrayList<>();
        for (SweepResult.Point p : points) {
            Spread spread = p.summary() == null ? null : p.summary().spread(f.metric().group(), f.metric().field());
            if (spread == null) {
                return problem("a point has no completed repetition here");
            }
            double[] reps = spread.repetitions().orElse(null);
            if (reps == null) {
                return problem(p.name() + " kept only the range of its " + spread.count()
                        + " repetitions, not their values: no interval");
            }
            for (double v : reps) {
                if (!(v > 0)) {
                    return problem(p.name() + " has a repetition at " + v + ": no ratio");
                }
                all.add(v);
            }
        }
        double[] values = all.stream().mapToDouble(Double::doubleValue).toArray();
        String name = points.size() == 1 ? points.get(0).name() : points.size() + " points";
        return new PointRepetitions(name, values, java.util.Arrays.stream(values).min().orElse(0),
                java.util.Arrays.stream(values).max().orElse(0), null);
    }

    private static PointRepetitions problem(String why) {
        return new PointRepetitions(null, null, 0, 0, why);
    }

    String show(Finding f) {
        return f.metric().isLatency()
                ? String.format(Locale.ROOT, "%.2f..%.2f ms (%d runs)", min / 1000, max / 1000, values.length)
                : String.format(Locale.ROOT, "%,.1f..%,.1f %s (%d runs)", min, max, f.metric().field().startsWith("mebibytes")
                ? "MiB/s" : f.metric().field().equals("recordsPerSec") ? "records/s" : f.metric().field(), values.length);
    }
}
