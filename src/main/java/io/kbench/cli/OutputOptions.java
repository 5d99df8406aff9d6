package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.experiment.RunContext;
import io.kbench.kpi.Threshold;
import io.kbench.result.run.Schedule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Where results go and how they are labelled. */
public final class OutputOptions {
    /** Parent directory of result directories. */
    @Option(names = "--results-dir", paramLabel = "DIR", defaultValue = "results",
            description = "Parent directory for results (default: ${DEFAULT-VALUE}); writes <timestamp>-<name>/ in it"
                    + " (find-max: <timestamp>-find-max-<name>/).")
    Path resultsDir;

    /** Labels recorded in result.json, e.g. instanceType=m5.xlarge (used by kbench cost). */
    @Option(names = "--tag", paramLabel = "KEY=VALUE",
            description = "Label recorded in result.json (repeatable), e.g. instanceType=m5.xlarge.")
    List<String> tags = new ArrayList<>();

    /** Pass/fail conditions; any failure gives exit code 3. */
    @Option(names = "--threshold", paramLabel = "CONDITION",
            description = "Pass/fail condition (repeatable), e.g. 'e2e.p99<50ms' or 'produced.mebibytesPerSec>100'; a failure"
                    + " exits 3. Sweeps: judged on each point's median; find-max: on the run at the answer.")
    List<String> thresholds = new ArrayList<>();

    /** The least share of its fixed rate a run must achieve, or it exits 5 (docs/exit-codes.md). */
    @Option(names = "--min-rate-ratio", paramLabel = "RATIO", defaultValue = "0.5",
            description = "A fixed-rate run (run, produce) that achieves less than RATIO of its offered rate exits 5"
                    + " (default: ${DEFAULT-VALUE}; 0 turns it off). Unlimited-rate runs have no schedule to fall short of.")
    double minRateRatio = Schedule.DEFAULT_MIN_RATE_RATIO;

    /** The whole resolved workload before a run instead of the few-line header. */
    @Option(names = {"-v", "--verbose"},
            description = "Print each run's whole resolved workload (secrets redacted) instead of the few-line run header.")
    boolean verbose;

    /** The parsed thresholds; parsing happens before anything runs so a typo costs no run. */
    List<Threshold> parsedThresholds() {
        return thresholds.stream().map(Threshold::parse).toList();
    }

    /** {@code --min-rate-ratio}, checked before anything runs. */
    double minRateRatio() {
        if (!(minRateRatio >= 0 && minRateRatio <= 1)) {
            throw InvalidInputException.field("--min-rate-ratio", minRateRatio, "must be between 0 and 1");
        }
        return minRateRatio;
    }

    /** The run context's output section: every flag here parsed and checked. */
    RunContext.Output output() {
        minRateRatio();
        return new RunContext.Output(resultsDir, ConnectionOptions.parsePairs(tags, "--tag"), parsedThresholds(), verbose);
    }
}
