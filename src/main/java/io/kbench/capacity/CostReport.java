package io.kbench.capacity;

import static io.kbench.capacity.FigureTable.formatValue;

import io.kbench.result.cost.CostResult;
import io.kbench.result.cost.CostRow;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The terminal form of a cost-performance comparison, and the formulas it states. */
public final class CostReport {
    private CostReport() {
    }

    /** Formulas printed under the table; kept in the record so the HTML report shows the same ones. */
    public static List<String> standardFormulas() {
        return List.of(
                "per node records/s = measured records/s / brokers in the test",
                "cost-performance = per node records/s / hourly price per node (records/s per $/h)",
                "improvement % = (cost-performance / baseline cost-performance - 1) x 100",
                "nodes for target = ceil(target records/s / per node records/s)",
                "yearly cost = nodes x hourly price x " + formatValue(Units.HOURS_PER_YEAR) + " h");
    }

    public static String render(CostResult cost) {
        List<String[]> cells = new ArrayList<>();
        String cur = cost.currency();
        for (CostRow r : cost.rows()) {
            cells.add(new String[] {
                r.label(), r.instanceType(), String.format(Locale.ROOT, "%,.4f", r.hourlyPrice()), formatValue(r.clusterRecordsPerSec()),
                String.valueOf(r.testedBrokers()), formatValue(r.perNodeRecordsPerSec()), formatValue(r.recordsPerSecPerDollarHour()),
                String.format(Locale.ROOT, "%+.1f", r.improvementPercent()), money(r.yearlyCostTested()),
                r.nodesForTarget() == null ? "-" : String.valueOf(r.nodesForTarget()),
                r.yearlyCostForTarget() == null ? "-" : money(r.yearlyCostForTarget())});
        }
        String title = "Cost-performance (prices in " + cur + " as of " + cost.pricesAsOf() + "; " + cost.priceSource() + ")"
                + (cost.targetRecordsPerSec() == null ? "" : "; target " + formatValue(cost.targetRecordsPerSec()) + " records/s");
        StringBuilder out = new StringBuilder(FigureTable.renderRows(title,
                new String[] {"result", "instance", cur + "/h per node", "records/s", "brokers", "records/s per node",
                    "records/s per " + cur + "/h", "% vs " + cost.baselineLabel(), cur + "/year tested", "nodes for target", cur + "/year for target"},
                cells, new boolean[] {false, false, true, true, true, true, true, true, true, true, true}));
        out.append("formulas:\n");
        for (String f : cost.formulas()) {
            out.append("  ").append(f).append('\n');
        }
        return out.toString();
    }

    private static String money(double v) {
        return String.format(Locale.ROOT, "%,.2f", v);
    }
}
