package io.kbench.console;

import io.kbench.result.plan.PlanResult;

/** A capacity plan in the terminal: its figures in titled tables, then its warnings. */
public final class PlanTable {
    private PlanTable() {
    }

    /** The terminal summary. */
    public static String render(PlanResult plan) {
        StringBuilder out = new StringBuilder();
        if (plan.description() != null) {
            out.append(plan.description()).append("\n\n");
        }
        out.append("per-broker capacity: ").append(plan.capacitySource() == null ? "not given (brokers for throughput not computed)" : plan.capacitySource()).append("\n\n");
        out.append(FigureTable.render("Inputs", plan.inputs())).append('\n');
        out.append(FigureTable.render("Traffic (cluster-wide unless 'per broker'; after compression)", plan.traffic())).append('\n');
        out.append(FigureTable.render("Volume", plan.volume())).append('\n');
        out.append(FigureTable.render("Brokers (binding: " + plan.bindingConstraint() + " -> " + plan.brokers() + " brokers)", plan.brokerCounts())).append('\n');
        out.append(FigureTable.render("Network per broker at " + plan.brokers() + " brokers", plan.network()));
        if (plan.nicRecommendedGbe() == null) {
            out.append("  NIC recommendation: none of 10/25/40/100 GbE is enough; add brokers\n");
        }
        out.append('\n');
        if (!plan.endurance().isEmpty()) {
            out.append(FigureTable.render("SSD endurance", plan.endurance())).append('\n');
        }
        if (!plan.disk().isEmpty()) {
            out.append(FigureTable.render("Disk limits by size", plan.disk())).append('\n');
        }
        for (String w : plan.warnings()) {
            out.append("warning: ").append(w).append('\n');
        }
        return out.toString();
    }
}
