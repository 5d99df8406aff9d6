package io.kbench.report;

import io.kbench.report.HtmlPage.Html;
import io.kbench.result.run.ConsumerStats;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.PartitionStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Per partition and per consumer: a heat map (one row per figure, one cell per partition, darker = larger) so a hot
 * partition shows at a glance, and a table of the consumers so a slow or starved one does.
 */
final class BreakdownSection {
    /** Up to this many partitions each cell shows its value; beyond, only the colour (and the tooltip). */
    private static final int LABELLED_CELLS = 24;

    private BreakdownSection() {
    }

    static void render(HtmlPage page, LoadBreakdown b) {
        if (b == null || (b.partitions().isEmpty() && b.consumers().isEmpty())) {
            return;
        }
        page.section("Per partition and per consumer");
        List<PartitionStats> parts = b.partitions();
        if (!parts.isEmpty()) {
            String latency = b.partitionLatency() == PartitionLatency.PUBLISH ? "publish" : "end-to-end";
            StringBuilder html = new StringBuilder("<div class=\"heat\">\n");
            row(html, "produced records", parts, p -> p.producedRecords(), false);
            if (parts.stream().anyMatch(p -> p.consumedRecords() != null)) {
                row(html, "consumed records", parts, p -> p.consumedRecords() == null ? Double.NaN : p.consumedRecords(), false);
            }
            row(html, latency + " p99 (ms)", parts, p -> latency(p, LatencyStats::p99), true);
            row(html, latency + " max (ms)", parts, p -> latency(p, LatencyStats::max), true);
            axis(html, parts.size());
            html.append("</div>\n");
            page.html(new Html(html.toString()));
            page.paragraph(skew(parts) + " Colour = deviation from the row's even share (its mean over the"
                    + " partitions): red above, blue below, full at +-100%; an even row stays pale. Hover a cell for its"
                    + " figures.", "note");
        }
        if (!b.consumers().isEmpty()) {
            consumers(page, b.consumers());
        }
        page.endSection();
    }

    /** The figure in microseconds, NaN when the partition had no latency recorded. */
    private static double latency(PartitionStats p, ToDoubleFunction<LatencyStats> f) {
        return p.latencyMicros() == null || p.latencyMicros().count() == 0 ? Double.NaN
                : f.applyAsDouble(p.latencyMicros());
    }

    private static void row(StringBuilder html, String label, List<PartitionStats> parts,
                            ToDoubleFunction<PartitionStats> value, boolean millis) {
        // The even share: the mean over the partitions with a value. A cell is coloured by how far it is from it, so
        // 17.0% of the records against an even 16.7% reads as even, not as the hottest cell.
        double even = parts.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).average().orElse(0);
        html.append("<div class=\"heat-row\"><div class=\"heat-label\">").append(HtmlPage.esc(label))
                .append("</div><div class=\"heat-cells\">");
        for (PartitionStats p : parts) {
            double v = value.applyAsDouble(p);
            // Latency rows hold microseconds, shown as ms with about three significant digits.
            String shown = Double.isNaN(v) ? "-" : millis ? Fmt.millis(v) : Fmt.count(v);
            String title = "partition " + p.partition() + ": " + label + " " + shown;
            if (Double.isNaN(v)) {
                html.append("<div class=\"heat-cell empty\" title=\"").append(HtmlPage.esc(title)).append("\"></div>");
                continue;
            }
            double deviation = even <= 0 ? 0 : (v - even) / even;
            double depth = Math.min(1, Math.abs(deviation));
            // Red above the even share, blue below, full colour at +-100%; 0.06 keeps every cell visible.
            html.append(String.format(Locale.ROOT,
                    "<div class=\"heat-cell\" style=\"background:rgba(%s,%.3f);color:%s\" title=\"%s\">",
                    deviation >= 0 ? "220,38,38" : "37,99,235", 0.06 + 0.94 * depth, depth > 0.55 ? "#fff" : "#0f172a",
                    HtmlPage.esc(title + " (" + Fmt.signed(100 * deviation) + "% from an even share)")));
            if (parts.size() <= LABELLED_CELLS) {
                html.append(HtmlPage.esc(shown));
            }
            html.append("</div>");
        }
        html.append("</div></div>\n");
    }

    private static void axis(StringBuilder html, int partitions) {
        html.append("<div class=\"heat-row heat-axis\"><div class=\"heat-label\">partition</div><div class=\"heat-cells\">");
        int step = partitions <= LABELLED_CELLS ? 1 : (int) Math.ceil(partitions / 12.0);
        for (int p = 0; p < partitions; p++) {
            html.append("<div class=\"heat-cell\">").append(p % step == 0 ? String.valueOf(p) : "").append("</div>");
        }
        html.append("</div></div>\n");
    }

    /** The hottest partition's share of the records against an even share: the skew in one sentence. */
    static String skew(List<PartitionStats> parts) {
        long total = parts.stream().mapToLong(PartitionStats::producedRecords).sum();
        if (total == 0) {
            return "No measured records were acknowledged.";
        }
        PartitionStats hot = parts.stream().max((a, b) -> Long.compare(a.producedRecords(), b.producedRecords())).get();
        return "Hottest partition: " + hot.partition() + " with " + Fmt.percent(100.0 * hot.producedRecords() / total)
                + " of the produced records (an even share is " + Fmt.percent(100.0 / parts.size()) + ").";
    }

    private static void consumers(HtmlPage page, List<ConsumerStats> consumers) {
        long total = consumers.stream().mapToLong(ConsumerStats::records).sum();
        List<Object[]> rows = new ArrayList<>();
        for (ConsumerStats c : consumers) {
            LatencyStats l = c.endToEndLatencyMicros();
            rows.add(new Object[] {"kbench-consumer-" + c.consumer(), Fmt.count(c.records()),
                total == 0 ? "-" : Fmt.percent(100.0 * c.records() / total),
                Fmt.rate(c.recordsPerSec()),
                l == null ? "-" : Fmt.millis(l.p50()), l == null ? "-" : Fmt.millis(l.p99()),
                l == null ? "-" : Fmt.millis(l.max())});
        }
        page.table("consumers", new String[] {"consumer", "records", "share", "records/s", "e2e p50 (ms)",
            "e2e p99 (ms)", "e2e max (ms)"}, rows, new boolean[] {false, true, true, true, true, true, true}, -1);
    }
}
