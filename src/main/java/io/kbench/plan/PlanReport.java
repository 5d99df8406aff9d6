package io.kbench.plan;

import java.util.List;

/**
 * A capacity plan as named figures, grouped the way the terminal and (later) the HTML report show them.
 *
 * @param inputs the resolved inputs, as figures, so the report can be read without the command line
 * @param brokers the broker count every per-broker figure uses
 * @param bindingConstraint which requirement sets the broker count (throughput, storage, network, replication, given)
 * @param nicRecommendedGbe null when no listed NIC is big enough at this broker count
 */
public record PlanReport(
        String description,
        String capacitySource,
        List<Figure> inputs,
        List<Figure> traffic,
        List<Figure> volume,
        List<Figure> brokerCounts,
        int brokers,
        String bindingConstraint,
        List<Figure> network,
        Integer nicRecommendedGbe,
        List<Figure> endurance,
        List<String> warnings) {

    public PlanReport {
        inputs = List.copyOf(inputs);
        traffic = List.copyOf(traffic);
        volume = List.copyOf(volume);
        brokerCounts = List.copyOf(brokerCounts);
        network = List.copyOf(network);
        endurance = List.copyOf(endurance);
        warnings = List.copyOf(warnings);
    }

    /** Looks a figure up by key across all sections; tests and the HTML report use this. */
    public Figure figure(String key) {
        for (List<Figure> section : List.of(inputs, traffic, volume, brokerCounts, network, endurance)) {
            for (Figure f : section) {
                if (f.key().equals(key)) {
                    return f;
                }
            }
        }
        throw new IllegalArgumentException("no figure " + key);
    }

    /** The terminal summary. */
    public String render() {
        StringBuilder out = new StringBuilder();
        if (description != null) {
            out.append(description).append("\n\n");
        }
        out.append("per-broker capacity: ").append(capacitySource == null ? "not given (brokers for throughput not computed)" : capacitySource).append("\n\n");
        out.append(FigureTable.render("Inputs", inputs)).append('\n');
        out.append(FigureTable.render("Traffic (cluster-wide unless 'per broker'; after compression)", traffic)).append('\n');
        out.append(FigureTable.render("Volume", volume)).append('\n');
        out.append(FigureTable.render("Brokers (binding: " + bindingConstraint + " -> " + brokers + " brokers)", brokerCounts)).append('\n');
        out.append(FigureTable.render("Network per broker at " + brokers + " brokers", network));
        if (nicRecommendedGbe == null) {
            out.append("  NIC recommendation: none of 10/25/40/100 GbE is enough; add brokers\n");
        }
        out.append('\n');
        if (!endurance.isEmpty()) {
            out.append(FigureTable.render("SSD endurance", endurance)).append('\n');
        }
        for (String w : warnings) {
            out.append("warning: ").append(w).append('\n');
        }
        return out.toString();
    }
}
