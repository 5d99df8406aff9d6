package io.kbench.result.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.Figure;
import io.kbench.result.KbenchResult;
import java.util.List;

/**
 * A capacity plan ({@code kbench plan --json}) as named figures, grouped the way the terminal and (later) the HTML report show them.
 *
 * @param inputs the resolved inputs, as figures, so the report can be read without the command line
 * @param brokers the broker count every per-broker figure uses
 * @param bindingConstraint which requirement sets the broker count (throughput, storage, network, replication, given)
 * @param nicRecommendedGbe null when no listed NIC is big enough at this broker count
 * @param disk a cloud disk's limits from its size (allocation units, bandwidth, IOPS); empty when none was given
 */
// Nulls are written (as kbench plan --json always did), unlike the other kinds.
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PlanResult(
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
        List<String> warnings,
        // Absent when empty, as in every plan written before disk limits existed.
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Figure> disk) implements KbenchResult {
    public static final String KIND = "plan";

    public PlanResult {
        inputs = List.copyOf(inputs);
        traffic = List.copyOf(traffic);
        volume = List.copyOf(volume);
        brokerCounts = List.copyOf(brokerCounts);
        network = List.copyOf(network);
        endurance = List.copyOf(endurance);
        warnings = List.copyOf(warnings);
        // Plans written before disk limits existed have none.
        disk = disk == null ? List.of() : List.copyOf(disk);
    }

    /** Looks a figure up by key across all sections; tests and the HTML report use this. */
    public Figure figure(String key) {
        for (List<Figure> section : List.of(inputs, traffic, volume, brokerCounts, network, endurance, disk)) {
            for (Figure f : section) {
                if (f.key().equals(key)) {
                    return f;
                }
            }
        }
        throw new IllegalArgumentException("no figure " + key);
    }

    /** Plan files carry no kind field; this is the name {@link ResultReader} knows them by. */
    @Override
    @JsonIgnore
    public String kind() {
        return KIND;
    }
}
