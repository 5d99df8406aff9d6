package io.kbench.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.format.AlignedTable;
import io.kbench.format.JsonText;
import io.kbench.kpi.Kpi;
import io.kbench.kpi.Metric;
import io.kbench.kpi.Threshold;
import io.kbench.result.Spread;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.ShortWindow;
import io.kbench.result.run.Summary;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.SweepResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** A sweep as the terminal shows it (the ranked table) and as sweep.csv holds it; docs/sweeps.md describes both. */
public final class SweepTable {
    private static String groupName(io.kbench.result.sweep.FindingVerdict.Group g) {
        return g.at().entrySet().stream().map(e -> io.kbench.result.OverridePaths.shortName(e.getKey()) + "="
                + (e.getValue() == null || e.getValue().isNull() ? "unset" : e.getValue().asText()))
                .collect(java.util.stream.Collectors.joining(","));
    }

    private static final Metric THROUGHPUT = new Metric("produced", "recordsPerSec");
    /** The sides whose CPU per record sweep.json's points may hold, in column order. */
    private static final List<String> CPU_SIDES = List.of("producers", "consumers");

    private SweepTable() {
    }

    /**
     * One row per point: the point, its overrides, then each KPI's median, units in the header. Built from what
     * sweep.json holds, so the CSV of a sweep read back from its file is the one written at the end of the run.
     */
    public static String csv(SweepResult sweep) {
        Set<String> paths = new LinkedHashSet<>();
        sweep.points().forEach(p -> paths.addAll(p.overrides().keySet()));
        StringBuilder sb = new StringBuilder("point");
        paths.forEach(path -> sb.append(',').append(csvCell(path)));
        sb.append(",repetitions_completed");
        Kpi.ALL.forEach(k -> sb.append(',').append(k.csvHeader()));
        boolean cpu = hasCpu(sweep);
        if (cpu) {
            CPU_SIDES.forEach(side -> sb.append(',').append(side).append("_cpu_us_per_record"));
        }
        sb.append('\n');
        for (SweepResult.Point p : sweep.points()) {
            sb.append(csvCell(p.name()));
            for (String path : paths) {
                JsonNode v = p.overrides().get(path);
                sb.append(',').append(v == null ? "" : csvCell(JsonText.of(v)));
            }
            sb.append(',').append(p.completed());
            Summary median = p.summary() == null ? null : PointSummary.medianOf(p.summary());
            for (Kpi k : Kpi.ALL) {
                OptionalDouble v = median == null ? OptionalDouble.empty() : k.valueIn(median);
                sb.append(',').append(v.isPresent() ? String.format(Locale.ROOT, "%.3f", v.getAsDouble()) : "");
            }
            if (cpu) {
                for (String side : CPU_SIDES) {
                    Spread c = p.summary() == null ? null : p.summary().spread("cpu", side);
                    sb.append(',').append(c == null ? "" : String.format(Locale.ROOT, "%.3f", c.median()));
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** RFC 4180: a cell holding a comma, a double quote, CR or LF is quoted, and its quotes are doubled. */
    static String csvCell(String text) {
        boolean quote = text.chars().anyMatch(c -> c == ',' || c == '"' || c == '\r' || c == '\n');
        return quote ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }

    /** Points by median produced records/s, best first; points without a completed repetition last. */
    static List<SweepResult.Point> ranked(List<SweepResult.Point> points) {
        return points.stream().sorted(Comparator.comparingDouble(
                (SweepResult.Point p) -> throughput(p).orElse(Double.NEGATIVE_INFINITY)).reversed()).toList();
    }

    private static Optional<Double> throughput(SweepResult.Point p) {
        if (p.summary() == null) {
            return Optional.empty();
        }
        OptionalDouble v = THROUGHPUT.valueIn(PointSummary.medianOf(p.summary()));
        return v.isPresent() ? Optional.of(v.getAsDouble()) : Optional.empty();
    }

    /** The highest-throughput point whose median summary meets {@code sla}; empty when none does. */
    public static Optional<SweepResult.Point> best(List<SweepResult.Point> points, Threshold sla) {
        return ranked(points).stream()
                .filter(p -> p.summary() != null && sla.evaluate(PointSummary.medianOf(p.summary())).passed())
                .findFirst();
    }

    /** The ranked table of a sweep as sweep.json holds it; {@code sla} may be null. */
    public static void print(SweepResult sweep, Threshold sla, PrintStream out) {
        List<List<String>> table = new ArrayList<>();
        // The CPU columns only for sweeps that recorded CPU per record: one written before keeps its table.
        boolean cpu = hasCpu(sweep);
        List<String> header = new ArrayList<>(List.of("#", "point", "records/s median [min..max]", "MiB/s",
                "publish p99 ms", "e2e p99 ms"));
        if (cpu) {
            header.addAll(List.of("prod CPU us/rec", "cons CPU us/rec"));
        }
        header.add("reps");
        table.add(header);
        int rank = 1;
        for (SweepResult.Point p : ranked(sweep.points())) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(rank++), p.name(),
                    spread(p, "produced", "recordsPerSec", 1), spread(p, "produced", "mebibytesPerSec", 1),
                    spread(p, "publish", "p99", 1000), spread(p, "e2e", "p99", 1000)));
            if (cpu) {
                CPU_SIDES.forEach(side -> row.add(spread(p, "cpu", side, 1)));
            }
            row.add(p.completed() + "/" + p.repetitions().size() + (p.failed() > 0 ? " (" + p.failed() + " failed)" : ""));
            table.add(row);
        }
        out.println();
        out.println("sweep " + sweep.name() + ": " + sweep.points().size() + " point(s) x "
                + sweep.repeat() + " repetition(s), ranked by median produced records/s");
        AlignedTable.print(table, out);
        for (SweepResult.Point p : sweep.points()) {
            for (ThresholdVerdict v : p.thresholds() == null ? List.<ThresholdVerdict>of() : p.thresholds()) {
                out.println(p.name() + ": " + v.line());
            }
        }
        sweep.points().forEach(p -> windowSec(p).flatMap(w -> ShortWindow.flag(w, -1))
                .ifPresent(f -> out.println(p.name() + ": " + f)));
        sweep.points().stream().filter(p -> p.variation() != null && p.variation().noisy()).forEach(p -> out.println(
                p.name() + ": noisy, " + variation(p.variation()) + ": comparisons with it are likely inconclusive"));
        if (sweep.findings() != null) {
            out.println();
            // Each group's effect with its interval, or the measured reason it could not be judged, under its line.
            sweep.findings().forEach(f -> {
                out.println("finding " + f.outcome().name() + ": " + f.claim() + " (" + count(f, FindingOutcome.HELD)
                        + " held, " + count(f, FindingOutcome.CONTRADICTED) + " contradicted, "
                        + count(f, FindingOutcome.INCONCLUSIVE) + " inconclusive, " + count(f, FindingOutcome.NOT_TESTABLE)
                        + " not testable here of " + f.groups().size() + " group(s))");
                f.groups().forEach(g -> out.println("  " + (g.at().isEmpty() ? "" : groupName(g) + ": ") + g.shown()));
            });
        }
        if (sla != null) {
            out.println(best(sweep.points(), sla)
                    .map(p -> "best under SLA " + sla.text() + ": " + p.name() + " ("
                            + spread(p, "produced", "recordsPerSec", 1) + " records/s)")
                    .orElse("best under SLA " + sla.text() + ": no point meets it"));
        }
    }

    private static long count(FindingVerdict f, FindingOutcome outcome) {
        return f.groups().stream().filter(g -> g.outcome() == outcome).count();
    }

    /** Whether any point recorded a side's CPU per record (sweeps written before it existed did not). */
    private static boolean hasCpu(SweepResult sweep) {
        return sweep.points().stream().anyMatch(p -> p.summary() != null && p.summary().cpuMicrosPerRecord() != null);
    }

    /** The coefficients of variation above the noise line, e.g. "records/s CV 14.2%". */
    private static String variation(SweepResult.Variation v) {
        List<String> parts = new ArrayList<>();
        double line = SweepResult.Variation.NOISY_CV_PERCENT;
        if (v.producedRecordsPerSecCvPercent() != null && v.producedRecordsPerSecCvPercent() > line) {
            parts.add("records/s CV " + Kpi.format(v.producedRecordsPerSecCvPercent()) + "%");
        }
        if (v.publishP99CvPercent() != null && v.publishP99CvPercent() > line) {
            parts.add("publish p99 CV " + Kpi.format(v.publishP99CvPercent()) + "%");
        }
        if (v.endToEndP99CvPercent() != null && v.endToEndP99CvPercent() > line) {
            parts.add("e2e p99 CV " + Kpi.format(v.endToEndP99CvPercent()) + "%");
        }
        return String.join(", ", parts);
    }

    /** The shortest measured window of a point's repetitions, seconds; empty when the point has none. */
    private static Optional<Double> windowSec(SweepResult.Point p) {
        Spread s = p.summary() == null ? null : p.summary().spread("produced", "windowSec");
        return s == null ? Optional.empty() : Optional.of(s.min());
    }

    private static String spread(SweepResult.Point p, String group, String field, double divisor) {
        Spread s = p.summary() == null ? null : p.summary().spread(group, field);
        if (s == null) {
            return "-";
        }
        String median = Kpi.format(s.median() / divisor);
        return s.count() == 1 ? median : median + " [" + Kpi.format(s.min() / divisor) + ".." + Kpi.format(s.max() / divisor) + "]";
    }
}
