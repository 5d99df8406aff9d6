package io.kbench.catalog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/** {@code kbench history --json}, and the data the trend page draws. */
public final class HistoryJson {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).enable(SerializationFeature.INDENT_OUTPUT);

    private HistoryJson() {
    }

    public static String text(History history) {
        try {
            return JSON.writeValueAsString(tree(history));
        } catch (Exception e) {
            throw new IllegalStateException("history JSON", e);
        }
    }

    /** The history as a JSON tree: what --json prints and the trend page embeds; one entry per series. */
    public static ObjectNode tree(History history) {
        ObjectNode root = JSON.createObjectNode();
        root.put("significance", history.settings().significance());
        root.put("minEffect", history.settings().minEffect());
        ArrayNode series = root.putArray("series");
        history.series().forEach(t -> series.add(tree(t)));
        return root;
    }

    /** One series: its key (workload and settings), its runs, each KPI's values and change points. */
    static ObjectNode tree(Trend trend) {
        ObjectNode root = JSON.createObjectNode();
        root.put("workload", trend.workload());
        root.put("key", trend.setup().settingsText());
        root.set("settings", JSON.valueToTree(trend.setup().settings()));
        ArrayNode runs = root.putArray("runs");
        for (CatalogEntry r : trend.runs()) {
            ObjectNode run = JSON.valueToTree(r);
            run.put("environmentGroup", trend.group(r));
            run.put("environmentKey", r.environment().key());
            runs.add(run);
        }
        ArrayNode kpis = root.putArray("kpis");
        for (KpiTrend k : trend.kpis()) {
            ObjectNode node = kpis.addObject();
            node.put("kpi", k.kpi().label());
            node.put("unit", k.kpi().unit());
            node.put("higherIsBetter", k.kpi().higherIsBetter());
            node.set("runs", JSON.valueToTree(k.runs()));
            node.set("values", JSON.valueToTree(k.values()));
            if (Double.isFinite(k.detectable())) {
                node.put("detectableShift", k.detectable());
            }
            ArrayNode changes = node.putArray("changes");
            for (Change c : k.changes()) {
                ObjectNode change = JSON.valueToTree(c.point());
                change.put("run", c.after().label());
                change.put("runIndex", trend.runs().indexOf(c.after()));
                change.put("previousRun", c.before() == null ? null : c.before().label());
                change.put("regression", c.regression());
                change.put("verdict", c.verdict().name());
                change.put("minEffect", c.minEffect());
                if (c.effect() != null) {
                    change.set("effect", effect(c.effect()));
                }
                change.set("alsoChanged", JSON.valueToTree(c.alsoChanged()));
                change.put("text", c.describe(k.kpi()));
                changes.add(change);
            }
        }
        return root;
    }

    /** An effect as numbers, NaN left out (JSON has none): outcome, ratio, interval, confidence, runs a side. */
    private static ObjectNode effect(io.kbench.statistics.Effect e) {
        ObjectNode node = JSON.createObjectNode();
        node.put("outcome", e.outcome().name());
        node.put("ratio", e.ratio());
        if (e.hasInterval()) {
            node.put("low", e.low());
            node.put("high", e.high());
        }
        node.put("confidence", e.confidence());
        if (Double.isFinite(e.detectable())) {
            node.put("detectable", e.detectable());
        }
        node.put("runsBefore", e.runsA());
        node.put("runsAfter", e.runsB());
        node.put("text", e.text());
        return node;
    }
}
