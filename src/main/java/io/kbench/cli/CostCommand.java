package io.kbench.cli;

import io.kbench.capacity.CostAnalysis;
import io.kbench.capacity.MeasuredCapacity;
import io.kbench.capacity.PriceBook;
import io.kbench.capacity.StatedThroughput;
import io.kbench.console.CostTable;
import io.kbench.error.InvalidInputException;
import io.kbench.result.cost.CostResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench cost}: cost-performance, improvement, nodes for a target and yearly cost per instance type. */
@Command(name = "cost", mixinStandardHelpOptions = true,
        description = {"Cost-performance of measured results from a price file.",
                "The first row (the first --stated file's first row, else the first RESULT) is the baseline for the"
                    + " improvement and savings columns. See docs/planning.md."})
public final class CostCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--prices", required = true, paramLabel = "FILE", description = "Price YAML file (see scenarios/prices/example-prices.yaml).")
    Path prices;

    @Parameters(arity = "0..*", paramLabel = "RESULT", description = "kbench result.json files or their directories.")
    List<Path> results = new ArrayList<>();

    @Option(names = "--stated", paramLabel = "FILE", description = "Throughput a publication states (not measured), priced "
            + "before the RESULTs; every row names its source. Repeatable. See scenarios/cost/.")
    List<Path> stated = new ArrayList<>();

    @Option(names = "--instance-type", paramLabel = "PATH=TYPE", description = "Instance type of a result lacking tags.instanceType, repeatable.")
    Map<String, String> instanceTypes = new LinkedHashMap<>();

    @Option(names = "--result-brokers", paramLabel = "PATH=N", description = "Broker count of a result lacking cluster.brokers, repeatable.")
    Map<String, Integer> resultBrokers = new LinkedHashMap<>();

    @Option(names = "--target-records-per-sec", paramLabel = "N", description = "Target load: compute nodes needed and their yearly cost.")
    Double targetRecordsPerSec;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the report as JSON here.")
    Path json;

    @Override
    public Integer call() {
        PriceBook book = PriceBook.load(prices);
        for (String key : instanceTypes.keySet()) {
            requireListed("--instance-type", key);
        }
        for (String key : resultBrokers.keySet()) {
            requireListed("--result-brokers", key);
        }
        if (results.isEmpty() && stated.isEmpty()) {
            throw InvalidInputException.field("RESULT", "none", "give at least one RESULT or --stated FILE");
        }
        List<CostAnalysis.PricedResult> priced = new ArrayList<>();
        for (Path file : stated) {
            priced.addAll(StatedThroughput.priced(book, file));
        }
        for (Path r : results) {
            // A campaign gives one row per cluster, each with the instance type its clusters: entry names.
            List<MeasuredCapacity> measured = MeasuredCapacity.perCluster(r, lookup(resultBrokers, r));
            String given = lookup(instanceTypes, r);
            if (given != null && measured.size() > 1) {
                throw InvalidInputException.field("--instance-type", r + "=" + given,
                        "the campaign's clusters name their own instance types (sweep.json points[].cluster.instanceType)");
            }
            for (MeasuredCapacity m : measured) {
                String type = given != null ? given : m.instanceType();
                if (type == null) {
                    throw InvalidInputException.field(m.source() + ": tags.instanceType", "missing",
                            "tag the result or pass --instance-type " + r + "=TYPE");
                }
                priced.add(new CostAnalysis.PricedResult(m, book.require(type,
                        r + (measured.size() > 1 ? " cluster " + m.label() : "") + " instance type")));
            }
        }
        CostResult report = CostAnalysis.analyse(book, priced, targetRecordsPerSec);
        spec.commandLine().getOut().print(CostTable.render(report));
        spec.commandLine().getOut().flush();
        if (json != null) {
            PlanCommand.writeJson(json, report);
        }
        return 0;
    }

    private void requireListed(String option, String key) {
        boolean known = results.stream().anyMatch(r -> same(r, key));
        if (!known) {
            throw InvalidInputException.field(option, key, "names no RESULT given on this command line");
        }
    }

    private static <T> T lookup(Map<String, T> byPath, Path result) {
        for (Map.Entry<String, T> e : byPath.entrySet()) {
            if (same(result, e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    private static boolean same(Path result, String key) {
        return result.toAbsolutePath().normalize().equals(Path.of(key).toAbsolutePath().normalize());
    }
}
