package io.kbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.kpi.Threshold;
import io.kbench.report.Charts.Xy;
import io.kbench.report.FindMaxData.Probe;
import io.kbench.report.HtmlPage.Html;
import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.SearchAnswer;
import io.kbench.result.findmax.SearchMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The HTML page of find-max: latency against offered rate for every probe, the SLA line, the answer (over several
 * searches: the median, its interval and each search's answer), the probe table.
 */
final class FindMaxPage {
    private FindMaxPage() {
    }

    static void fill(HtmlPage page, FindMaxData fm) {
        Threshold sla = parse(fm.sla());
        List<String> lines = new ArrayList<>();
        FindMaxResult.Figures f = fm.figures();
        // A step ladder's precision is its step: the page names the method and the step instead of a percentage.
        String precision = f.searchMethod() == SearchMethod.STEPS
                ? "steps of " + Fmt.rate(f.stepRecordsPerSec()) + " records/s"
                        + (f.maxRateRecordsPerSec() == null ? "" : " up to " + Fmt.rate(f.maxRateRecordsPerSec()))
                : "precision " + (Double.isNaN(fm.precisionPercent()) ? "-" : Fmt.number(fm.precisionPercent()) + " %");
        lines.add("SLA " + (fm.sla() == null ? "-" : fm.sla()) + "; " + precision
                + "; " + fm.probes().size() + " probe(s)" + (fm.spread() == null ? "" : " in " + fm.spread().searches()
                        + " searches (" + fm.spread().mode() + ")"));
        page.header("kbench find-max report", fm.name(), RunPage.statusBadge(fm.status()), lines);

        List<Kpi> kpis = new ArrayList<>();
        String meeting = FindMaxResult.NO_SLA.equals(fm.sla()) ? "kept up with, no SLA" : "meeting " + fm.sla();
        kpis.add(new Kpi(fm.spread() == null ? "max sustainable" : "max sustainable (median)", Fmt.rate(fm.maxRecordsPerSec()),
                "records/s", fm.spread() == null ? meeting : meeting + "; " + fm.spreadText()));
        kpis.add(new Kpi("max sustainable", Fmt.mib(fm.maxMebibytesPerSec()), "MiB/s", null));
        kpis.add(new Kpi("probes", String.valueOf(fm.probes().size()), "",
                fm.probes().stream().filter(Probe::passed).count() + " passed"));
        page.section("Answer").kpis(kpis).endSection();
        searches(page, fm);
        RunPage.thresholds(page, fm.thresholds());

        // The plotted latency: the SLA's own metric when it is a latency, else end-to-end (or publish) p99.
        String group = sla != null && sla.metric().isLatency() ? sla.metric().group() : null;
        String field = group != null ? sla.metric().field() : "p99";
        List<Probe> probes = new ArrayList<>(fm.probes());
        probes.sort(Comparator.comparingDouble(Probe::rateRecordsPerSec));
        if (group == null) {
            group = probes.stream().anyMatch(p -> !Double.isNaN(FindMaxData.latencyMicros(p, "e2e", "p99"))) ? "e2e" : "publish";
        }
        List<Xy> xy = new ArrayList<>();
        double maxY = 0;
        double minY = Double.POSITIVE_INFINITY;
        for (Probe p : probes) {
            double ms = Fmt.ms(FindMaxData.latencyMicros(p, group, field));
            xy.add(new Xy(p.rateRecordsPerSec(), ms > 0 ? ms : Double.NaN));
            if (ms > 0) {
                maxY = Math.max(maxY, ms);
                minY = Math.min(minY, ms);
            }
        }
        String metricLabel = (group.equals("e2e") ? "end-to-end" : group) + " " + field;
        List<ObjectNode> ds = new ArrayList<>();
        ObjectNode probeLine = Charts.lineDataset(metricLabel + " per probe", Charts.BLUE, xy, false, null);
        probeLine.put("pointRadius", 6);
        probeLine.put("pointHoverRadius", 8);
        probeLine.put("showLine", true);
        probeLine.put("borderColor", "#94a3b8");
        probeLine.put("backgroundColor", "#94a3b8");
        ArrayNode colors = probeLine.putArray("pointBackgroundColor");
        probes.forEach(p -> colors.add(p.passed() ? Charts.GREEN : Charts.RED));
        probeLine.set("pointBorderColor", colors.deepCopy());
        ds.add(probeLine);
        double minX = probes.stream().mapToDouble(Probe::rateRecordsPerSec).min().orElse(0);
        double maxX = probes.stream().mapToDouble(Probe::rateRecordsPerSec).max().orElse(1);
        if (sla != null && sla.metric().isLatency()) {
            double limitMs = sla.limit() / 1000.0;
            maxY = Math.max(maxY, limitMs);
            minY = Math.min(minY, limitMs);
            ObjectNode line = Charts.lineDataset("SLA " + sla.text(), Charts.RED, List.of(new Xy(minX, limitMs), new Xy(maxX, limitMs)), true, null);
            line.put("pointRadius", 0);
            ds.add(line);
        }
        if (!Double.isNaN(fm.maxRecordsPerSec())) {
            ObjectNode answer = Charts.lineDataset("answer: " + Fmt.rate(fm.maxRecordsPerSec()) + " records/s", Charts.GREEN,
                    List.of(new Xy(fm.maxRecordsPerSec(), Double.isInfinite(minY) ? 0.001 : minY / 1.5),
                            new Xy(fm.maxRecordsPerSec(), Math.max(maxY, 0.001) * 1.5)), true, null);
            answer.put("pointRadius", 0);
            answer.put("borderWidth", 3);
            ds.add(answer);
        }
        if (fm.spread() != null && fm.spread().hasInterval()) {
            for (double end : new double[] {fm.spread().lowRecordsPerSec(), fm.spread().highRecordsPerSec()}) {
                ObjectNode edge = Charts.lineDataset(Fmt.number(fm.spread().confidencePercent()) + "% interval: " + Fmt.rate(end)
                        + " records/s", Charts.GREEN, List.of(new Xy(end, Double.isInfinite(minY) ? 0.001 : minY / 1.5),
                        new Xy(end, Math.max(maxY, 0.001) * 1.5)), true, null);
                edge.put("pointRadius", 0);
                edge.putArray("borderDash").add(6).add(4);
                ds.add(edge);
            }
        }
        ObjectNode y = Charts.scale("logarithmic", metricLabel + " (ms, log scale)");
        y.put("kbench", "log");
        ObjectNode chart = Charts.legendBottom(Charts.xyChart(ds, Charts.scale("linear", "offered rate (records/s)"), y));
        page.section("Latency against offered rate")
                .chart(metricLabel + " latency (ms) by offered rate", "green: probe met the SLA, red: it did not; dashed red: the SLA; "
                        + "green vertical: the answer" + (fm.spread() == null ? "" : " (the median of the searches; dashed: its interval)"),
                        chart, true)
                .endSection();

        List<Object[]> rows = new ArrayList<>();
        int i = 0;
        boolean several = fm.spread() != null;
        for (Probe p : fm.probes()) {
            rows.add(new Object[] {several && p.probe().search() != null ? p.probe().search() + "." + ++i : ++i, Fmt.rate(p.rateRecordsPerSec()), Fmt.rate(p.producedRecordsPerSec()),
                Fmt.millis(FindMaxData.latencyMicros(p, "publish", "p50")), Fmt.millis(FindMaxData.latencyMicros(p, "publish", "p99")),
                Fmt.millis(FindMaxData.latencyMicros(p, "e2e", "p50")), Fmt.millis(FindMaxData.latencyMicros(p, "e2e", "p99")),
                Html.badge(p.passed()), p.reason() == null ? "" : p.reason(),
                p.diagnosis() == null ? "-" : p.diagnosis().line()});
        }
        String[] headers = {several ? "search.#" : "#", "offered records/s", "produced records/s", "publish p50 (ms)", "publish p99 (ms)",
            "e2e p50 (ms)", "e2e p99 (ms)", "verdict", "reason", "limited by"};
        boolean[] numeric = {true, true, true, true, true, true, true, false, false, false};
        // The diagnosis column only when some probe had telemetry: older results render as before.
        int columns = fm.diagnosed() ? headers.length : headers.length - 1;
        page.section("Probes (in the order they ran)")
                .table("probes", Arrays.copyOf(headers, columns), rows.stream().map(r -> Arrays.copyOf(r, columns)).toList(),
                        Arrays.copyOf(numeric, columns), -1)
                .endSection();
    }

    /** Over several searches, each one's own answer: the spread the answer's interval is made of. */
    private static void searches(HtmlPage page, FindMaxData fm) {
        if (fm.searches().isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (SearchAnswer a : fm.searches()) {
            rows.add(new Object[] {a.search(), a.outcome().toString(),
                a.maxRecordsPerSec() == null ? "-" : Fmt.rate(a.maxRecordsPerSec()),
                a.firstFailRecordsPerSec() == null ? "-" : Fmt.rate(a.firstFailRecordsPerSec()), a.probes(), a.message()});
        }
        page.section("Searches").paragraph("The answer is the median of the searches' answers; the interval is the"
                        + " geometric mean's (Student's t on the logarithms). " + fm.spread().stopped() + ".", "note")
                .table("searches", new String[] {"search", "outcome", "answer records/s", "first failed records/s", "probes",
                    "how it ended"}, rows, new boolean[] {true, false, true, true, true, false}, -1)
                .endSection();
    }

    private static Threshold parse(String sla) {
        if (sla == null) {
            return null;
        }
        try {
            return Threshold.parse(sla);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
