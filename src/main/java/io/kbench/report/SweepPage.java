package io.kbench.report;

import io.kbench.kpi.Threshold;
import io.kbench.report.HtmlPage.Html;
import io.kbench.report.HtmlPage.Kpi;
import io.kbench.report.SweepData.Point;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** The HTML page of a sweep: throughput and p99 per point, a ranked table, the best point under an optional SLA. */
final class SweepPage {
    private SweepPage() {
    }

    static void fill(HtmlPage page, SweepData sweep, Threshold sla) {
        List<Point> points = sweep.points();
        List<String> lines = new ArrayList<>();
        if (sweep.description() != null) {
            lines.add(sweep.description());
        }
        lines.add(points.size() + " point(s)" + (sla == null ? "" : "; SLA " + sla.text()));
        page.header("kbench sweep report", sweep.name(), null, lines);

        List<Point> ranked = new ArrayList<>(points);
        ranked.sort(Comparator.comparingDouble((Point p) -> nanLow(p.producedRecordsPerSec().median())).reversed());
        Point best = sla == null ? (ranked.isEmpty() ? null : ranked.get(0))
                : ranked.stream().filter(p -> meets(p, sla)).findFirst().orElse(null);

        List<Kpi> kpis = new ArrayList<>();
        kpis.add(new Kpi("points", String.valueOf(points.size()), "", null));
        if (!ranked.isEmpty()) {
            Point top = ranked.get(0);
            kpis.add(new Kpi("highest throughput", Fmt.rate(top.producedRecordsPerSec().median()), "records/s", top.name()));
        }
        if (sla != null) {
            kpis.add(best == null ? new Kpi("best under SLA", "none", "", "no point meets " + sla.text())
                    : new Kpi("best under SLA", Fmt.rate(best.producedRecordsPerSec().median()), "records/s", best.name()));
        }
        page.section("Summary").kpis(kpis);
        if (sla != null) {
            page.paragraph(best == null ? "No point meets the SLA " + sla.text() + "."
                    : "Best point under the SLA " + sla.text() + ": " + best.name() + " at "
                    + Fmt.rate(best.producedRecordsPerSec().median()) + " records/s (median"
                    + (best.overrides().isEmpty() ? "" : "; " + best.overrides()) + ").", best == null ? "warn" : "callout");
        }
        page.paragraph("Figures are the median over each point's repetitions; bars show the median, the thin dark bar "
                + "the min..max range. Latencies in ms.", "note");
        page.endSection();

        List<String> labels = points.stream().map(Point::name).toList();
        page.section("Throughput and p99 latency per point");
        page.chart("Produced throughput (records/s)", null, Charts.legendBottom(Charts.rangeBars(labels,
                List.of(new Charts.RangeSeries("produced records/s", Charts.BLUE,
                        points.stream().map(p -> p.producedRecordsPerSec().asArray()).toList(), null)),
                "records/s", "records/s")), false);
        List<Charts.RangeSeries> latency = new ArrayList<>();
        if (points.stream().anyMatch(p -> p.publishP99Micros().present())) {
            latency.add(new Charts.RangeSeries("publish p99", Charts.PURPLE,
                    points.stream().map(p -> p.publishP99Micros().scaled(0.001).asArray()).toList(), null));
        }
        if (points.stream().anyMatch(p -> p.endToEndP99Micros().present())) {
            latency.add(new Charts.RangeSeries("end-to-end p99", Charts.ORANGE,
                    points.stream().map(p -> p.endToEndP99Micros().scaled(0.001).asArray()).toList(), null));
        }
        if (!latency.isEmpty()) {
            page.chart("p99 latency (ms)", null, Charts.legendBottom(Charts.rangeBars(labels, latency, "latency (ms)", "ms")), false);
        }
        page.endSection();
        cpuPerRecord(page, labels, points);

        List<Object[]> rows = new ArrayList<>();
        int highlight = -1;
        for (int i = 0; i < ranked.size(); i++) {
            Point p = ranked.get(i);
            if (p == best) {
                highlight = i;
            }
            SweepData.Stat r = p.producedRecordsPerSec();
            rows.add(new Object[] {i + 1, p.name(), p.overrides(), p.repetitions(), Fmt.rate(r.median()),
                Fmt.rate(r.min()) + " .. " + Fmt.rate(r.max()), Fmt.mib(p.producedMebibytesPerSec().median()),
                Fmt.millis(p.publishP99Micros().median()), Fmt.millis(p.endToEndP99Micros().median()),
                p.thresholdsPassed() == null ? "-" : Html.badge(p.thresholdsPassed()),
                sla == null ? "-" : Html.badge(meets(p, sla)), RunDiagnoses.summary(p.diagnoses())});
        }
        findings(page, sweep);
        String[] headers = {"#", "point", "overrides", "repetitions", "records/s", "records/s min..max",
            "MiB/s", "publish p99 (ms)", "e2e p99 (ms)", "thresholds", sla == null ? "SLA" : "SLA " + sla.text(), "limited by"};
        boolean[] numeric = {true, false, false, true, true, true, true, true, true, false, false, false};
        // The diagnosis column only when some run had telemetry: older sweeps render as before.
        int columns = sweep.diagnosed() ? headers.length : headers.length - 1;
        page.section("Points ranked by produced throughput (median)")
                .table("ranked", Arrays.copyOf(headers, columns), rows.stream().map(r -> Arrays.copyOf(r, columns)).toList(),
                        Arrays.copyOf(numeric, columns), highlight)
                .endSection();
    }

    /**
     * Each side's CPU per record per point, when the repetitions recorded it (docs/clients.md#cpu-per-record): the
     * clients of a sweep over producers.client side by side. Absent for sweeps written before it existed.
     */
    private static void cpuPerRecord(HtmlPage page, List<String> labels, List<Point> points) {
        List<Charts.RangeSeries> cpu = new ArrayList<>();
        for (String side : List.of("producers", "consumers")) {
            if (points.stream().anyMatch(p -> cpuStat(p, side).present())) {
                cpu.add(new Charts.RangeSeries(side, side.equals("producers") ? Charts.BLUE : Charts.ORANGE,
                        points.stream().map(p -> cpuStat(p, side).asArray()).toList(), null));
            }
        }
        if (cpu.isEmpty()) {
            return;
        }
        page.section("CPU per record per point");
        page.chart("CPU per record (us)", null, Charts.legendBottom(Charts.rangeBars(labels, cpu, "CPU per record (us)",
                "us")), false);
        page.paragraph("User plus system CPU of the process that ran each side's client, over its measured window, per "
                + "measured record, in microseconds: a driver's own process, or kbench's JVM for the Java client (its "
                + "measuring included; both sides in it share it by records).", "note");
        page.endSection();
    }

    private static SweepData.Stat cpuStat(Point p, String side) {
        return p.summary() == null ? SweepData.Stat.NONE : SweepData.Stat.of(p.summary().spread("cpu", side));
    }

    /** Each finding with its verdict and the figures of every group, then the points too noisy to judge with. */
    private static void findings(HtmlPage page, SweepData sweep) {
        if (sweep.findings().isEmpty() && sweep.noisyPoints().isEmpty()) {
            return;
        }
        page.section("Findings");
        List<Object[]> rows = new ArrayList<>();
        for (FindingVerdict f : sweep.findings()) {
            for (FindingVerdict.Group g : f.groups()) {
                rows.add(new Object[] {f.claim(), outcome(f.outcome()), g.at().isEmpty() ? "all points" : g.at().toString(),
                    outcome(g.outcome()), g.shown()});
            }
        }
        if (!rows.isEmpty()) {
            page.table("findings", new String[] {"claim", "verdict", "group", "group verdict", "figures"}, rows,
                    new boolean[] {false, false, false, false, false}, -1);
            page.paragraph("A claim is held when, in every group, the min..max ranges over the repetitions agree with it "
                    + "without overlap; contradicted when a group's ranges disagree without overlap; inconclusive otherwise.",
                    "note");
        }
        for (SweepResult.Point p : sweep.noisyPoints()) {
            page.paragraph(p.name() + " is noisy (coefficient of variation: records/s "
                    + Fmt.percent(p.variation().producedRecordsPerSecCvPercent()) + ", publish p99 "
                    + Fmt.percent(p.variation().publishP99CvPercent()) + "); comparisons with it are likely inconclusive.",
                    "warn");
        }
        page.endSection();
    }

    private static Html outcome(FindingOutcome outcome) {
        String css = outcome == FindingOutcome.HELD ? "badge pass" : outcome == FindingOutcome.CONTRADICTED ? "badge fail"
                : "badge neutral";
        return Html.of("span", css, outcome.name());
    }

    private static double nanLow(double v) {
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }

    /** Whether the point's median of the SLA metric satisfies it; unmeasured fails. */
    static boolean meets(Point p, Threshold sla) {
        double v = SweepData.stat(p, sla.metric()).median();
        return !Double.isNaN(v) && holds(sla, v);
    }

    static boolean holds(Threshold t, double v) {
        return t.operator().holds(v, t.limit());
    }
}
