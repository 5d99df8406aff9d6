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

    public static String text(Trend trend) {
        try {
            return JSON.writeValueAsString(tree(trend));
        } catch (Exception e) {
            throw new IllegalStateException("history JSON", e);
        }
    }

    /** The history as a JSON tree: what --json prints and the trend page embeds. */
    public static ObjectNode tree(Trend trend) {
        ObjectNode root = JSON.createObjectNode();
        root.put("significance", trend.settings().significance());
        root.put("minEffect", trend.settings().minEffect());
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
            ArrayNode changes = node.putArray("changes");
            for (Change c : k.changes()) {
                ObjectNode change = JSON.valueToTree(c.point());
                change.put("run", c.after().label());
                change.put("runIndex", trend.runs().indexOf(c.after()));
                change.put("previousRun", c.before() == null ? null : c.before().label());
                change.put("regression", c.regression());
                change.set("alsoChanged", JSON.valueToTree(c.alsoChanged()));
                change.put("text", c.describe(k.kpi()));
                changes.add(change);
            }
        }
        return root;
    }

}
