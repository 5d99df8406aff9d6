package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.Figure;
import io.kbench.result.sweep.SweepResult;
import io.kbench.result.telemetry.Diagnosis;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The telemetry figures behind each point's "limited by", as a second table of a sweep's Markdown, so a study page can
 * cite the why (iowait, disk, CPU) from generated figures rather than from one repetition's report.
 */
final class SweepTelemetryMarkdown {
    /** A column: its heading and the diagnosis figure key it reads (a key ending in '.' matches its first source). */
    private record Column(String heading, String key) {
        Double value(Diagnosis d) {
            return d.figures().stream()
                    .filter(f -> key.endsWith(".") ? f.key().startsWith(key) : f.key().equals(key))
                    .map(Figure::value).findFirst().orElse(null);
        }
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("host CPU busy %", "host_cpu_busy_percent"),
            new Column("host iowait %", "host_cpu_iowait_percent."),
            new Column("disk util %", "disk_util_percent."),
            new Column("broker CPU %", "broker_cpu_used_percent"),
            new Column("load generator CPU %", "client_cpu_percent."));

    private SweepTelemetryMarkdown() {
    }

    static void render(StringBuilder md, SweepResult sweep, SweepData data) {
        md.append("What telemetry saw: each repetition's mean over its measured intervals, as the median [min..max] over "
                + "the repetitions (CPU: 100 = one core; host CPU busy: all cores).\n\n");
        Set<String> paths = SweepMarkdown.paths(sweep);
        List<String> header = new ArrayList<>(SweepMarkdown.pathHeaders(paths));
        COLUMNS.forEach(c -> header.add(c.heading()));
        SweepMarkdown.row(md, header);
        md.append('|').append("---|".repeat(header.size())).append('\n');
        for (int i = 0; i < sweep.points().size(); i++) {
            SweepResult.Point p = sweep.points().get(i);
            List<String> cells = new ArrayList<>();
            paths.forEach(path -> {
                JsonNode v = p.overrides().get(path);
                cells.add(v == null ? "" : v.asText());
            });
            List<Diagnosis> diagnoses = data.points().get(i).diagnoses().stream().filter(Objects::nonNull).toList();
            COLUMNS.forEach(c -> cells.add(cell(diagnoses.stream().map(c::value).filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue).sorted().toArray())));
            SweepMarkdown.row(md, cells);
        }
        md.append('\n');
    }

    private static String cell(double[] sorted) {
        if (sorted.length == 0) {
            return "-";
        }
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return n == 1 ? one(median) : one(median) + " [" + one(sorted[0]) + ".." + one(sorted[n - 1]) + "]";
    }

    private static String one(double v) {
        return Fmt.number(v);
    }
}
