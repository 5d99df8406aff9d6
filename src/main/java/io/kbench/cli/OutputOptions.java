package io.kbench.cli;

import io.kbench.experiment.RunContext;
import io.kbench.verdict.Threshold;
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

    /** The whole resolved workload before a run instead of the few-line header. */
    @Option(names = {"-v", "--verbose"},
            description = "Print each run's whole resolved workload (secrets redacted) instead of the few-line run header.")
    boolean verbose;

    /** The parsed thresholds; parsing happens before anything runs so a typo costs no run. */
    List<Threshold> parsedThresholds() {
        return thresholds.stream().map(Threshold::parse).toList();
    }

    /** The run context's output section: every flag here parsed and checked. */
    RunContext.Output output() {
        return new RunContext.Output(resultsDir, ConnectionOptions.parsePairs(tags, "--tag"), parsedThresholds(), verbose);
    }
}
