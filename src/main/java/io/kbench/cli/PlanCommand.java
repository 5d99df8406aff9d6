package io.kbench.cli;

import io.kbench.capacity.CapacityPlan;
import io.kbench.capacity.DriveSpec;
import io.kbench.capacity.PlanInput;
import io.kbench.capacity.PlanSettings;
import io.kbench.console.PlanTable;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.result.KbenchResult;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.plan.PlanResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench plan}: traffic, storage, broker count, NIC and SSD endurance from a target load. */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Capacity plan from a target load and a per-broker capacity (given or measured).",
                "Flags override the plan FILE; the file overrides defaults. See docs/planning.md."})
public final class PlanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Plan YAML file (keys as in docs/planning.md).")
    Path file;

    @Option(names = "--ingress-records-per-sec", paramLabel = "N", description = "Target produce rate in records/s (needs --record-size-bytes).")
    Double ingressRecordsPerSec;

    @Option(names = "--record-size-bytes", converter = ByteSizeConverter.class, paramLabel = "B", description = "Average record size in bytes, uncompressed.")
    Integer recordSizeBytes;

    @Option(names = "--ingress-mebibytes-per-sec", paramLabel = "X", description = "Target produce rate in MiB/s (1 MiB = 1,048,576 B), uncompressed.")
    Double ingressMebibytesPerSec;

    @Option(names = "--replication-factor", paramLabel = "N", description = "Replication factor (default 3).")
    Integer replicationFactor;

    @Option(names = "--fan-out", paramLabel = "N", description = "Consumer groups reading everything (default 1; 0 = exclude consumers).")
    Integer fanOut;

    @Option(names = "--retention", paramLabel = "TIME", description = "Retention time: 7d, 36h, 90m or ISO P7D (default 7d).")
    String retention;

    @Option(names = "--target-utilisation", paramLabel = "F", description = "Fraction of any capacity to plan up to (default 0.6 = 40%% headroom).")
    Double targetUtilisation;

    @Option(names = "--compression-ratio", paramLabel = "R", description = "Logical bytes / stored bytes (default 1 = uncompressed).")
    Double compressionRatio;

    @Option(names = "--per-broker-mebibytes-per-sec", paramLabel = "X", description = "Sustainable produce MiB/s one broker handles.")
    Double perBrokerMebibytesPerSec;

    @Option(names = "--from-result", paramLabel = "PATH", description = "Take per-broker capacity from a kbench result.json (or its directory).")
    Path fromResult;

    @Option(names = "--result-brokers", paramLabel = "N", description = "Broker count of the --from-result run, when the result does not record it.")
    Integer resultBrokers;

    @Option(names = "--broker-storage-tb", paramLabel = "TB", description = "Usable disk per broker in decimal TB (10^12 B); enables brokers for storage.")
    Double brokerStorageTb;

    @Option(names = "--broker-nic-gbps", paramLabel = "GBPS", description = "NIC per broker in Gbps for the network broker count (default 100).")
    Double brokerNicGbps;

    @Option(names = "--brokers", paramLabel = "N", description = "Fix the broker count (e.g. an existing cluster) instead of the computed one.")
    Integer brokers;

    @Option(names = "--drives-per-broker", paramLabel = "N", description = "Data drives per broker sharing the writes (default 1).")
    Integer drivesPerBroker;

    @Option(names = "--drive", paramLabel = "SPEC", description = "Drive to check for endurance, repeatable: NAME:tbw=TB[,capacityTb=TB] or NAME:dwpd=N,capacityTb=TB,warrantyYears=Y.")
    List<String> drives = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the report as JSON here.")
    Path json;

    @Override
    public Integer call() {
        PlanSettings fromFile = file != null ? PlanSettings.load(file) : PlanSettings.empty();
        PlanSettings settings = fromFile.overriddenBy(flags());
        PlanInput input = settings.resolve();
        PlanResult report = CapacityPlan.compute(input, settings.description());
        spec.commandLine().getOut().print(PlanTable.render(report));
        spec.commandLine().getOut().flush();
        if (json != null) {
            writeJson(json, report);
        }
        return 0;
    }

    private PlanSettings flags() {
        List<DriveSpec> parsed = drives.stream().map(DriveSpec::parse).toList();
        return new PlanSettings(null, ingressRecordsPerSec, recordSizeBytes, ingressMebibytesPerSec, replicationFactor, fanOut,
                retention, targetUtilisation, compressionRatio, perBrokerMebibytesPerSec,
                fromResult == null ? null : fromResult.toString(), resultBrokers, brokerStorageTb, brokerNicGbps, brokers,
                drivesPerBroker, parsed);
    }

    static void writeJson(Path out, KbenchResult report) {
        try {
            ResultWriter.writeFile(report, out);
        } catch (RunFailedException e) {
            throw new InvalidInputException("--json " + out + ": " + e.getMessage(), e);
        }
    }
}
