package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.kpi.Metric;
import io.kbench.result.Spread;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import io.kbench.result.telemetry.Diagnosis;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A sweep.json as the report shows it: per point, the figures it charts as median/min/max (NaN when absent). */
final class SweepData {
    /** A figure across repetitions. */
    record Stat(double median, double min, double max) {
        static final Stat NONE = new Stat(Double.NaN, Double.NaN, Double.NaN);

        static Stat of(Spread s) {
            return s == null ? NONE : new Stat(s.median(), s.min(), s.max());
        }

        boolean present() {
            return !Double.isNaN(median);
        }

        double[] asArray() {
            return new double[] {median, min, max};
        }

        Stat scaled(double f) {
            return new Stat(median * f, min * f, max * f);
        }
    }

    /**
     * One point of the sweep.
     *
     * @param thresholdsPassed null when the point had no thresholds
     * @param summary          the point's figures over its repetitions; null when none completed
     */
    record Point(String name, String overrides, int repetitions, Stat producedRecordsPerSec, Stat producedMebibytesPerSec,
                 Stat consumedRecordsPerSec, Stat publishP99Micros, Stat endToEndP99Micros, Boolean thresholdsPassed,
                 SweepResult.Stats summary, List<Diagnosis> diagnoses) {
    }

    private final SweepResult sweep;
    private final List<Point> points = new ArrayList<>();

    /** {@code dir}: the sweep directory its repetitions' result.json paths are relative to (null: diagnoses not read). */
    SweepData(SweepResult sweep, Path dir) {
        this.sweep = sweep;
        for (SweepResult.Point p : sweep.points()) {
            SweepResult.Stats s = p.summary();
            points.add(new Point(p.name(), overrides(p.overrides()), p.repetitions().size(),
                    stat(s, "produced", "recordsPerSec"), stat(s, "produced", "mebibytesPerSec"),
                    stat(s, "consumed", "recordsPerSec"), stat(s, "publish", "p99"), stat(s, "e2e", "p99"),
                    p.thresholdsPassed(), s, p.repetitions().stream()
                            .map(r -> dir == null ? null : RunDiagnoses.of(dir.resolve(r))).toList()));
        }
    }

    /** Whether any repetition of any point has a diagnosis (the table then gets a column for it). */
    boolean diagnosed() {
        return points.stream().anyMatch(p -> p.diagnoses().stream().anyMatch(Objects::nonNull));
    }

    String name() {
        return sweep.name();
    }

    String description() {
        return sweep.description();
    }

    List<Point> points() {
        return points;
    }

    /** The sweep file's findings as judged at the end of the sweep; empty when it declared none. */
    List<FindingVerdict> findings() {
        return sweep.findings() == null ? List.of() : sweep.findings();
    }

    /** Points whose repetitions disagree by more than the noise line, with their coefficients of variation. */
    List<SweepResult.Point> noisyPoints() {
        return sweep.points().stream().filter(p -> p.variation() != null && p.variation().noisy()).toList();
    }

    /** A metric as thresholds spell it ({@code e2e.p99}, {@code produced.recordsPerSec}) for one point. */
    static Stat stat(Point p, Metric m) {
        return stat(p.summary(), m.group(), m.field());
    }

    private static Stat stat(SweepResult.Stats s, String group, String field) {
        return s == null ? Stat.NONE : Stat.of(s.spread(group, field));
    }

    private static String overrides(Map<String, JsonNode> overrides) {
        List<String> parts = new ArrayList<>();
        overrides.forEach((k, v) -> parts.add(k + "=" + (v.isValueNode() ? v.asText() : v.toString())));
        return String.join(", ", parts);
    }
}
