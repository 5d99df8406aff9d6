package io.kbench.report;

import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.Figure;
import io.kbench.result.plan.PlanResult;
import java.util.ArrayList;
import java.util.List;

/** The capacity plan ({@code kbench plan --json}, a serialised {@link PlanResult}) as tables. */
final class PlanSection {
    private PlanSection() {
    }

    static void fill(HtmlPage page, PlanResult plan) {
        page.section("Capacity plan");
        if (plan.description() != null) {
            page.paragraph(plan.description(), "note");
        }
        List<Kpi> kpis = new ArrayList<>();
        kpis.add(new Kpi("brokers", Fmt.count(plan.brokers()), "",
                "binding: " + (plan.bindingConstraint() == null ? "-" : plan.bindingConstraint())));
        Integer nic = plan.nicRecommendedGbe();
        kpis.add(new Kpi("NIC per broker", nic == null ? "none fits" : Fmt.count(nic), nic == null ? "" : "GbE",
                nic == null ? "add brokers" : null));
        page.kpis(kpis);
        String capacity = plan.capacitySource();
        page.paragraph("per-broker capacity: " + (capacity == null ? "not given (brokers for throughput not computed)" : capacity), "note");
        section(page, "Inputs", plan.inputs());
        section(page, "Traffic (cluster-wide unless 'per broker'; after compression)", plan.traffic());
        section(page, "Volume", plan.volume());
        section(page, "Brokers", plan.brokerCounts());
        section(page, "Network per broker", plan.network());
        section(page, "SSD endurance", plan.endurance());
        section(page, "Disk limits by size", plan.disk());
        for (String w : plan.warnings()) {
            page.paragraph("warning: " + w, "warn");
        }
        page.endSection();
    }

    private static void section(HtmlPage page, String title, List<Figure> figures) {
        if (figures.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (Figure f : figures) {
            rows.add(new Object[] {f.label(), Fmt.number(f.value()), f.unit(), f.formula()});
        }
        page.html(HtmlPage.Html.of("h3", "table-title", title));
        page.table("figures", new String[] {"figure", "value", "unit", "formula"}, rows, new boolean[] {false, true, false, false}, -1);
    }
}
