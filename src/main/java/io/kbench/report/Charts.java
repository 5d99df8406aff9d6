package io.kbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Chart.js configurations as JSON trees; keys starting with "kbench" select formatting callbacks in the page. */
final class Charts {
    static final String BLUE = "#2563eb";
    static final String ORANGE = "#ea580c";
    static final String GREEN = "#16a34a";
    static final String RED = "#dc2626";
    static final String PURPLE = "#7c3aed";
    static final String GREY = "#64748b";
    static final String TEAL = "#0d9488";
    static final List<String> PALETTE = List.of(BLUE, ORANGE, TEAL, PURPLE, "#db2777", "#ca8a04", GREY);

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Charts() {
    }

    /** One point of an x/y series; a NaN y is a gap. */
    record Xy(double x, double y) {
    }

    static ObjectNode lineDataset(String label, String color, List<Xy> points, boolean dashed, String yAxis) {
        ObjectNode d = F.objectNode();
        d.put("label", label);
        d.put("borderColor", color);
        d.put("backgroundColor", color);
        d.put("borderWidth", 2);
        d.put("pointRadius", points.size() > 60 ? 0 : 2);
        d.put("tension", 0);
        d.put("spanGaps", false);
        if (dashed) {
            d.putArray("borderDash").add(6).add(4);
        }
        if (yAxis != null) {
            d.put("yAxisID", yAxis);
        }
        ArrayNode data = d.putArray("data");
        for (Xy p : points) {
            ObjectNode o = data.addObject();
            o.put("x", p.x());
            if (Double.isNaN(p.y())) {
                o.putNull("y");
            } else {
                o.put("y", p.y());
            }
        }
        return d;
    }

    /** A line chart on numeric x. */
    static ObjectNode xyChart(List<ObjectNode> datasets, ObjectNode xScale, ObjectNode yScale) {
        ObjectNode c = F.objectNode();
        c.put("type", "line");
        ArrayNode ds = c.putObject("data").putArray("datasets");
        datasets.forEach(ds::add);
        ObjectNode options = c.putObject("options");
        options.putObject("interaction").put("mode", "nearest").put("intersect", false);
        ObjectNode scales = options.putObject("scales");
        scales.set("x", xScale);
        scales.set("y", yScale);
        return c;
    }

    static ObjectNode scale(String type, String title) {
        ObjectNode s = F.objectNode();
        s.put("type", type);
        s.putObject("title").put("display", true).put("text", title);
        return s;
    }

    /** Bars per category: each dataset a median bar, optionally with a thin [min, max] range bar over it. */
    static ObjectNode rangeBars(List<String> labels, List<RangeSeries> series, String yTitle, String unit) {
        ObjectNode c = F.objectNode();
        c.put("type", "bar");
        ObjectNode data = c.putObject("data");
        ArrayNode l = data.putArray("labels");
        labels.forEach(l::add);
        ArrayNode ds = data.putArray("datasets");
        for (int i = 0; i < series.size(); i++) {
            RangeSeries s = series.get(i);
            ObjectNode bar = ds.addObject();
            bar.put("label", s.label() + " (median)");
            bar.put("backgroundColor", s.color() + "b3");
            bar.put("borderColor", s.color());
            bar.put("borderWidth", 1);
            bar.put("stack", "s" + i);
            bar.put("order", 2);
            if (s.yAxis() != null) {
                bar.put("yAxisID", s.yAxis());
            }
            ArrayNode values = bar.putArray("data");
            for (double[] v : s.medianMinMax()) {
                putNumber(values, v[0]);
            }
            boolean hasRange = s.medianMinMax().stream().anyMatch(v -> !Double.isNaN(v[1]) && v[1] != v[2]);
            if (hasRange) {
                ObjectNode range = ds.addObject();
                range.put("backgroundColor", "#0f172a");
                range.put("borderColor", "#0f172a");
                range.put("barPercentage", 0.12);
                range.put("categoryPercentage", 0.8);
                range.put("stack", "s" + i);
                range.put("order", 1);
                range.put("kbenchLegend", i == 0);
                range.put("label", series.size() == 1 ? s.label() + " (min..max)" : "min..max");
                if (s.yAxis() != null) {
                    range.put("yAxisID", s.yAxis());
                }
                ArrayNode r = range.putArray("data");
                for (double[] v : s.medianMinMax()) {
                    if (Double.isNaN(v[1]) || Double.isNaN(v[2])) {
                        r.addNull();
                    } else {
                        r.addArray().add(v[1]).add(v[2]);
                    }
                }
            }
        }
        ObjectNode options = c.putObject("options");
        ObjectNode scales = options.putObject("scales");
        // Stacked on x only: a median bar and its range bar share one slot, values are not added up (y not stacked).
        scales.putObject("x").put("stacked", true);
        ObjectNode y = scale("linear", yTitle);
        y.put("beginAtZero", true);
        y.put("stacked", false);
        scales.set("y", y);
        ObjectNode tooltip = options.putObject("plugins").putObject("tooltip");
        tooltip.put("kbench", "range");
        tooltip.put("kbenchUnit", unit);
        return c;
    }

    /**
     * Bars sharing an x position overlap (stack) only with their range bar; a range bar is drawn over its median bar.
     *
     * @param medianMinMax per label {median, min, max}; NaN when absent
     */
    record RangeSeries(String label, String color, List<double[]> medianMinMax, String yAxis) {
    }

    static void putNumber(ArrayNode a, double v) {
        if (Double.isNaN(v)) {
            a.addNull();
        } else {
            a.add(v);
        }
    }

    static ObjectNode legendBottom(ObjectNode chart) {
        ObjectNode options = (ObjectNode) chart.get("options");
        ObjectNode plugins = options.has("plugins") ? (ObjectNode) options.get("plugins") : options.putObject("plugins");
        plugins.putObject("legend").put("position", "bottom");
        return chart;
    }
}
