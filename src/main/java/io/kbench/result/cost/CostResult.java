package io.kbench.result.cost;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.KbenchResult;
import java.util.List;

/**
 * Cost-performance per measured instance type ({@code kbench cost --json}), with the formulas, as the terminal and the HTML report show it.
 *
 * @param baselineLabel the row improvements are measured against (the first result given)
 * @param targetRecordsPerSec null when no target load was given
 */
// Nulls are written (as kbench cost --json always did), unlike the other kinds.
@JsonInclude(JsonInclude.Include.ALWAYS)
public record CostResult(String currency, String pricesAsOf, String priceSource, String baselineLabel,
        Double targetRecordsPerSec, List<CostRow> rows, List<String> formulas) implements KbenchResult {
    public static final String KIND = "cost";

    public CostResult {
        rows = List.copyOf(rows);
        formulas = List.copyOf(formulas);
    }

    public CostRow row(String label) {
        return rows.stream().filter(r -> r.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row " + label));
    }

    /** Cost files carry no kind field; this is the name {@link ResultReader} knows them by. */
    @Override
    @JsonIgnore
    public String kind() {
        return KIND;
    }
}
