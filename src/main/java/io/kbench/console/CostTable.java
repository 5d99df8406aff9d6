package io.kbench.console;

import static io.kbench.result.Figure.format;

import io.kbench.result.cost.CostResult;
import io.kbench.result.cost.CostRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A cost-performance comparison in the terminal: one row per result, then the formulas the result states. */
public final class CostTable {
    private CostTable() {
    }

    public static String render(CostResult cost) {
        List<String[]> cells = new ArrayList<>();
        String cur = cost.currency();
        for (CostRow r : cost.rows()) {
            cells.add(new String[] {
                r.label(), r.instanceType(), String.format(Locale.ROOT, "%,.4f", r.hourlyPrice()), format(r.clusterRecordsPerSec()),
                String.valueOf(r.testedBrokers()), format(r.perNodeRecordsPerSec()), format(r.recordsPerSecPerDollarHour()),
                String.format(Locale.ROOT, "%+.1f", r.improvementPercent()), r.monthlyCostTested() == null ? "-" : money(r.monthlyCostTested()),
                money(r.yearlyCostTested()), r.nodesForTarget() == null ? "-" : String.valueOf(r.nodesForTarget()),
                r.yearlyCostForTarget() == null ? "-" : money(r.yearlyCostForTarget()),
                r.yearlySavingsForTarget() == null ? "-" : money(r.yearlySavingsForTarget())});
        }
        String title = "Cost-performance (prices in " + cur + " as of " + cost.pricesAsOf() + "; " + cost.priceSource() + ")"
                + (cost.targetRecordsPerSec() == null ? "" : "; target " + format(cost.targetRecordsPerSec()) + " records/s");
        StringBuilder out = new StringBuilder(FigureTable.renderRows(title,
                new String[] {"result", "instance", cur + "/h per node", "records/s", "brokers", "records/s per node",
                    "records/s per " + cur + "/h", "% vs " + cost.baselineLabel(), cur + "/month tested", cur + "/year tested",
                    "nodes for target", cur + "/year for target", "saved/year vs " + cost.baselineLabel()},
                cells, new boolean[] {false, false, true, true, true, true, true, true, true, true, true, true, true}));
        for (CostRow r : cost.rows()) {
            if (r.source().startsWith("stated by ")) {
                out.append(r.label()).append(": ").append(r.source()).append('\n');
            }
        }
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
