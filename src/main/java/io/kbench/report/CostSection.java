package io.kbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.result.cost.CostResult;
import io.kbench.result.cost.CostRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Cost-performance ({@code kbench cost --json}, a serialised {@link CostResult}): a chart and the table. */
final class CostSection {
    private CostSection() {
    }

    static void fill(HtmlPage page, CostResult cost) {
        String cur = cost.currency() == null ? "$" : cost.currency();
        List<CostRow> rows = cost.rows();
        page.section("Cost-performance");
        Double target = cost.targetRecordsPerSec();
        page.paragraph("Prices in " + cur + " as of " + cost.pricesAsOf() + " (" + cost.priceSource() + ")"
                + (target == null ? "" : "; target " + Fmt.rate(target) + " records/s"), "note");
        List<String> labels = new ArrayList<>();
        for (CostRow r : rows) {
            String label = r.label();
            String type = r.instanceType();
            labels.add(type == null || type.equals(label) ? label : label + " (" + type + ")");
        }
        page.chart("Throughput and cost-performance per instance type", "left axis: cluster records/s; right axis: records/s per "
                + cur + "/h", chart(labels, rows, cur), true);
        List<Object[]> cells = new ArrayList<>();
        for (CostRow r : rows) {
            cells.add(new Object[] {r.label(), r.instanceType(),
                Fmt.number(r.hourlyPrice()), Fmt.number(r.clusterRecordsPerSec()),
                Fmt.count(r.testedBrokers()), Fmt.number(r.perNodeRecordsPerSec()), Fmt.number(r.recordsPerSecPerDollarHour()),
                Fmt.signed(r.improvementPercent()), Fmt.mib(r.yearlyCostTested()),
                r.nodesForTarget() == null ? "-" : Fmt.count(r.nodesForTarget()),
                r.yearlyCostForTarget() == null ? "-" : Fmt.mib(r.yearlyCostForTarget())});
        }
        String baseline = cost.baselineLabel();
        page.table("cost", new String[] {"result", "instance", cur + "/h per node", "records/s", "brokers", "records/s per node",
            "records/s per " + cur + "/h", "% vs " + (baseline == null ? "baseline" : baseline), cur + "/year tested",
            "nodes for target", cur + "/year for target"}, cells,
                new boolean[] {false, false, true, true, true, true, true, true, true, true, true}, -1);
        List<String> formulas = cost.formulas();
        if (!formulas.isEmpty()) {
            StringBuilder b = new StringBuilder("<ul class=\"formulas\">");
            formulas.forEach(f -> b.append("<li>").append(HtmlPage.esc(f)).append("</li>"));
            page.html(new HtmlPage.Html(b.append("</ul>").toString()));
        }
        page.endSection();
    }

    private static ObjectNode chart(List<String> labels, List<CostRow> rows, String cur) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode c = f.objectNode();
        c.put("type", "bar");
        ObjectNode data = c.putObject("data");
        ArrayNode l = data.putArray("labels");
        labels.forEach(l::add);
        ArrayNode ds = data.putArray("datasets");
        dataset(ds.addObject(), "cluster records/s", Charts.BLUE, "y", rows, CostRow::clusterRecordsPerSec);
        dataset(ds.addObject(), "records/s per " + cur + "/h", Charts.TEAL, "y1", rows, CostRow::recordsPerSecPerDollarHour);
        ObjectNode scales = c.putObject("options").putObject("scales");
        ObjectNode y = Charts.scale("linear", "records/s");
        y.put("beginAtZero", true);
        y.put("position", "left");
        scales.set("y", y);
        ObjectNode y1 = Charts.scale("linear", "records/s per " + cur + "/h");
        y1.put("beginAtZero", true);
        y1.put("position", "right");
        y1.putObject("grid").put("drawOnChartArea", false);
        scales.set("y1", y1);
        ((ObjectNode) c.get("options")).putObject("plugins").putObject("legend").put("position", "bottom");
        return c;
    }

    private static void dataset(ObjectNode d, String label, String color, String axis, List<CostRow> rows,
                                ToDoubleFunction<CostRow> field) {
        d.put("label", label);
        d.put("backgroundColor", color + "cc");
        d.put("borderColor", color);
        d.put("borderWidth", 1);
        d.put("yAxisID", axis);
        ArrayNode values = d.putArray("data");
        rows.forEach(r -> Charts.putNumber(values, field.applyAsDouble(r)));
    }
}
