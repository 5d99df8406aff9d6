package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.experiment.RunContext;
import io.kbench.kpi.Threshold;
import io.kbench.report.ThresholdJunitXml;
import io.kbench.report.ThresholdMarkdown;
import io.kbench.report.ThresholdReport;
import io.kbench.result.run.Schedule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
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

    /** Every threshold's verdict as JUnit XML, for a CI's test report. */
    @Option(names = "--junit-xml", paramLabel = "FILE",
            description = "Write every --threshold's verdict (sweep: per point), with its measured value and limit, and"
                    + " how the command ended as JUnit XML to FILE, for a CI's test report (not with --dry-run).")
    Path junitXml;

    /** The same as a Markdown table, appended (GitHub's step summary collects every command of a job). */
    @Option(names = "--markdown", paramLabel = "FILE",
            description = "Append the verdicts and the exit code as a Markdown table to FILE, e.g. \"$GITHUB_STEP_SUMMARY\""
                    + " (not with --dry-run).")
    Path markdown;

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
        ThresholdFiles.check("--junit-xml", junitXml);
        ThresholdFiles.check("--markdown", markdown);
        return new RunContext.Output(resultsDir, ConnectionOptions.parsePairs(tags, "--tag"), parsedThresholds(), verbose);
    }

    /**
     * The exit code of {@code command} that ended as {@code policy} says, after --junit-xml and --markdown are written.
     * A file that cannot be written now (the disk filled during the run) is said in one line on stderr and turns an
     * exit 0 into 1: a CI job must not pass on a report that is missing; any other code stands.
     */
    int exit(CommandSpec command, ExitPolicy policy) {
        ExitCode code = policy.exitCode();
        if (junitXml == null && markdown == null) {
            return code.code();
        }
        ThresholdReport report = new ThresholdReport(command.qualifiedName(), policy.judged(), code);
        boolean xml = ThresholdFiles.write("--junit-xml", junitXml, ThresholdJunitXml.of(report),
                ThresholdFiles.Mode.REPLACE, command);
        boolean md = ThresholdFiles.write("--markdown", markdown, ThresholdMarkdown.of(report),
                ThresholdFiles.Mode.APPEND, command);
        return (xml && md) || code != ExitCode.OK ? code.code() : ExitCode.RUN_FAILED.code();
    }
}
