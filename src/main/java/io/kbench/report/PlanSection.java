package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.report.HtmlPage.Kpi;
import java.util.ArrayList;
import java.util.List;

/** The capacity plan ({@code kbench plan --json}, a serialised {@link io.kbench.plan.PlanReport}) as tables. */
final class PlanSection {
    private PlanSection() {
    }

    static void fill(HtmlPage page, JsonNode plan) {
        page.section("Capacity plan");
        if (Json.text(plan, "description") != null) {
            page.paragraph(Json.text(plan, "description"), "note");
        }
        List<Kpi> kpis = new ArrayList<>();
        kpis.add(new Kpi("brokers", Fmt.count(Json.num(plan, "brokers")), "",
                "binding: " + (Json.text(plan, "bindingConstraint") == null ? "-" : Json.text(plan, "bindingConstraint"))));
        double nic = Json.num(plan, "nicRecommendedGbe");
        kpis.add(new Kpi("NIC per broker", Double.isNaN(nic) ? "none fits" : Fmt.count(nic), Double.isNaN(nic) ? "" : "GbE",
                Double.isNaN(nic) ? "add brokers" : null));
        page.kpis(kpis);
        String capacity = Json.text(plan, "capacitySource");
        page.paragraph("per-broker capacity: " + (capacity == null ? "not given (brokers for throughput not computed)" : capacity), "note");
        section(page, "Inputs", Json.array(plan, "inputs"));
        section(page, "Traffic (cluster-wide unless 'per broker'; after compression)", Json.array(plan, "traffic"));
        section(page, "Volume", Json.array(plan, "volume"));
        section(page, "Brokers", Json.array(plan, "brokerCounts"));
        section(page, "Network per broker", Json.array(plan, "network"));
        section(page, "SSD endurance", Json.array(plan, "endurance"));
        for (JsonNode w : Json.array(plan, "warnings")) {
            page.paragraph("warning: " + w.asText(), "warn");
        }
        page.endSection();
    }

    private static void section(HtmlPage page, String title, List<JsonNode> figures) {
        if (figures.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (JsonNode f : figures) {
            rows.add(new Object[] {Json.text(f, "label"), Fmt.number(Json.num(f, "value")), Json.text(f, "unit"),
                Json.text(f, "formula")});
        }
        page.html(HtmlPage.Html.of("h3", "table-title", title));
        page.table("figures", new String[] {"figure", "value", "unit", "formula"}, rows, new boolean[] {false, true, false, false}, -1);
    }
}
