package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Figure;
import io.kbench.result.cost.CostResult;
import io.kbench.result.cost.CostRow;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;

/** Pure cost arithmetic over measured results and prices; no I/O. */
public final class CostAnalysis {
    /** Hours in the average month, 8,760 h / 12, for monthly costs from an hourly price (and back). */
    public static final double HOURS_PER_MONTH = 730;

    private CostAnalysis() {
    }

    /** A measured result paired with the price of the instance type it ran on. */
    public record PricedResult(MeasuredCapacity measured, InstanceType instanceType) {
    }

    /** Yearly cost of a cluster: nodes x hourly price x 8,760 h. */
    public static double yearlyCost(int nodes, double hourlyPrice) {
        Checks.atLeast("nodes", nodes, 1);
        Checks.positive("hourlyPrice", hourlyPrice);
        return nodes * hourlyPrice * Units.HOURS_PER_YEAR;
    }

    /** Cost-performance in records/s per currency-hour of one node. */
    public static double costPerformance(double perNodeRecordsPerSec, double hourlyPrice) {
        return Checks.positive("records per second per node", perNodeRecordsPerSec) / Checks.positive("hourlyPrice", hourlyPrice);
    }

    /** Percent change of a cost-performance against a baseline: (cp / baseline - 1) x 100. */
    public static double improvementPercent(double costPerformance, double baselineCostPerformance) {
        return (costPerformance / Checks.positive("baseline cost-performance", baselineCostPerformance) - 1) * 100;
    }

    public static int nodesFor(double targetRecordsPerSec, double perNodeRecordsPerSec) {
        Checks.positive("targetRecordsPerSec", targetRecordsPerSec);
        Checks.positive("records per second per node", perNodeRecordsPerSec);
        // Floating-point noise must not buy an extra node.
        return Math.max(1, (int) Math.ceil(targetRecordsPerSec / perNodeRecordsPerSec - 1e-9));
    }

    /**
     * How each column is computed, in words; kept in the result so the terminal table and the HTML page state the same
     * formulas.
     */
    public static List<String> standardFormulas() {
        return List.of(
                "per node records/s = measured records/s / brokers in the test",
                "cost-performance = per node records/s / hourly price per node (records/s per $/h)",
                "improvement % = (cost-performance / baseline cost-performance - 1) x 100",
                "nodes for target = ceil(target records/s / per node records/s)",
                "yearly cost = nodes x hourly price x " + Figure.format(Units.HOURS_PER_YEAR) + " h",
                "monthly cost = nodes x monthly price as the price file gives it, else x hourly price x "
                        + Figure.format(HOURS_PER_MONTH) + " h",
                "yearly savings for target = the baseline's yearly cost for target - this row's");
    }

    /** The first result is the baseline for the improvement column. */
    public static CostResult analyse(PriceBook prices, List<PricedResult> results, Double targetRecordsPerSec) {
        if (results.isEmpty()) {
            throw InvalidInputException.field("RESULT", "none", "give at least one result");
        }
        if (targetRecordsPerSec != null) {
            Checks.positive("targetRecordsPerSec", targetRecordsPerSec);
        }
        double baseline = 0;
        Double baselineForTarget = null;
        List<CostRow> rows = new ArrayList<>();
        for (PricedResult pr : results) {
            MeasuredCapacity m = pr.measured();
            double price = pr.instanceType().hourlyPrice();
            double perNode = m.perBrokerRecordsPerSec();
            double cp = costPerformance(perNode, price);
            if (rows.isEmpty()) {
                baseline = cp;
            }
            Integer nodes = targetRecordsPerSec == null ? null : nodesFor(targetRecordsPerSec, perNode);
            Double forTarget = nodes == null ? null : yearlyCost(nodes, price);
            if (rows.isEmpty()) {
                baselineForTarget = forTarget;
            }
            // A stated figure's source is whose it is, so a table of published figures never reads as measured.
            String source = StatedThroughput.STATED.equals(m.kind()) ? m.caveat() + " (" + m.source() + ")" : m.source().toString();
            rows.add(new CostRow(m.label(), source, pr.instanceType().name(), price, m.brokers(),
                    m.clusterRecordsPerSec(), m.clusterMebibytesPerSec(), perNode, cp, improvementPercent(cp, baseline),
                    yearlyCost(m.brokers(), price), yearlyCost(1, price), pr.instanceType().monthlyCost(m.brokers()), nodes, forTarget,
                    forTarget == null ? null : baselineForTarget - forTarget));
        }
        return new CostResult(prices.currency(), prices.pricesAsOf(), prices.source() == null ? "source not given" : prices.source(),
                rows.get(0).label(), targetRecordsPerSec, rows, standardFormulas());
    }
}
