package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.experiment.FindMax;
import io.kbench.experiment.FindMaxSettings;
import io.kbench.experiment.RunContext;
import io.kbench.experiment.SearchPlan;
import io.kbench.kpi.Threshold;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code kbench find-max FILE --sla COND}: the highest offered rate the cluster keeps up with under an SLA. */
@Command(name = "find-max", mixinStandardHelpOptions = true,
        description = {"Find the highest offered rate (records/s) the cluster keeps up with while the SLA holds.",
            "Doubles the rate from --start-rate until a probe fails, bisects to --precision, confirms; or, with --step,"
                + " raises it by the step until a probe fails. A start that fails is searched below, down to --min-rate."
                + " --searches repeats the search for the answer's spread. See docs/find-max.md."})
public final class FindMaxCommand extends WorkloadCommand {
    @Mixin
    WorkloadFile workloadFile = new WorkloadFile();

    /** The SLA every passing probe meets. */
    @Option(names = "--sla", paramLabel = "CONDITION",
            description = "SLA a probe must meet, e.g. 'e2e.p99<200ms' (e2e.* needs live consumers). Without it: the highest"
                    + " rate the cluster keeps up with, whatever the latency.")
    String sla;

    /** First offered rate. */
    @Option(names = "--start-rate", paramLabel = "RECORDS_PER_SEC", defaultValue = "1000",
            description = "First offered rate, records/s over all producers (default: ${DEFAULT-VALUE}).")
    double startRecordsPerSec;

    /** How far below a failing start the search goes; null: max(1, start / 64). */
    @Option(names = "--min-rate", paramLabel = "RECORDS_PER_SEC",
            description = "If --start-rate fails, the search goes down (halving; with --step, one step at a time) to no"
                    + " lower than this rate, records/s over all producers (default: --start-rate / 64, at least 1).")
    Double minRate;

    /** Target precision of the answer; null: 5% (absent so that --step can refuse it when it is given). */
    @Option(names = "--precision", paramLabel = "PERCENT",
            description = "Bisection: stop when (first fail - last pass) / last pass <= this (default: 5%%).")
    String precision;

    /** S4's step ladder instead of the bisection. */
    @Option(names = "--step", paramLabel = "RECORDS_PER_SEC",
            description = "Instead of bisecting: raise the rate by this many records/s after every probe that passes"
                    + " and stop at the first that fails (S4's method); the answer is the last rate that passed, to"
                    + " within one step.")
    Double step;

    /** The ladder's ceiling. */
    @Option(names = "--max-rate", paramLabel = "RECORDS_PER_SEC",
            description = "With --step: the highest rate to probe; if it passes, the answer is a lower bound.")
    Double maxRate;

    /** Measured time per probe. */
    @Option(names = "--probe-duration", paramLabel = "TIME", defaultValue = "10s",
            description = "Measured time of each probe (default: ${DEFAULT-VALUE}).")
    String probeDuration;

    /** Warm-up per probe. */
    @Option(names = "--probe-warmup", paramLabel = "TIME", defaultValue = "3s",
            description = "Warm-up of each probe, excluded from its figures (default: ${DEFAULT-VALUE}).")
    String probeWarmup;

    /** Idle time between probes. */
    @Option(names = "--probe-cooldown", paramLabel = "TIME", defaultValue = "0s",
            description = "Idle time before each probe after the first, letting the cluster finish the previous probe's"
                    + " flushes and topic deletion (default: ${DEFAULT-VALUE}).")
    String probeCooldown;

    /** Unjudged run before the first probe. */
    @Option(names = "--cluster-warmup", paramLabel = "TIME", defaultValue = "0s",
            description = "Run at the start rate for this long before the first probe, unjudged, so the first probes do"
                    + " not measure freshly started brokers still compiling their code (default: ${DEFAULT-VALUE}).")
    String clusterWarmup;

    /** Probe budget. */
    @Option(names = "--max-probes", paramLabel = "N", defaultValue = "20",
            description = "Probes at most, confirmation runs included (default: ${DEFAULT-VALUE}).")
    int maxProbes;

    /** Allowed shortfall of the achieved rate. */
    @Option(names = "--keep-up-tolerance", paramLabel = "PERCENT", defaultValue = "5%",
            description = "A probe keeps up if it achieves at least (100%% - this) of its rate (default: ${DEFAULT-VALUE}).")
    String keepUpTolerance;

    /** How many independent searches. */
    @Option(names = "--searches", paramLabel = "N|auto", defaultValue = "1",
            description = "Independent searches: N, or auto (at least 3, then until the answer's 95%% interval is within"
                    + " --answer-precision, at most --budget). Over several, the answer is their median with the"
                    + " geometric mean's 95%% interval (default: ${DEFAULT-VALUE}).")
    String searches;

    /** Auto's budget. */
    @Option(names = "--budget", paramLabel = "N",
            description = "With --searches auto: searches at most, 3 or more (default: 5).")
    Integer budget;

    /** Auto's target width. */
    @Option(names = "--answer-precision", paramLabel = "PERCENT",
            description = "With --searches auto: stop once the answer's 95%% interval lies within +-this of its geometric"
                    + " mean (default: 10%%).")
    String answerPrecision;

    private WorkloadSpec spec;
    private FindMaxSettings settings;

    /** The searches asked for; auto's budget and precision are refused with a fixed count, which would ignore them. */
    private SearchPlan searchPlan() {
        boolean auto = searches != null && searches.trim().equalsIgnoreCase("auto");
        if (!auto && budget != null) {
            throw InvalidInputException.field("--budget", budget, "only applies to --searches auto (--searches is "
                    + searches + ")");
        }
        if (!auto && answerPrecision != null) {
            throw InvalidInputException.field("--answer-precision", answerPrecision, "only applies to --searches auto "
                    + "(--searches is " + searches + ")");
        }
        return SearchPlan.parse(searches, budget == null ? 5 : budget,
                percent("--answer-precision", answerPrecision == null ? "10%" : answerPrecision));
    }

    /**
     * The step ladder, or null to bisect. The bisection's flags are refused beside --step rather than ignored: the
     * ladder's precision is its step, and auto's stop rule does not fit answers on a grid (FindMaxSettings says why).
     */
    private FindMaxSettings.Ladder ladder() {
        if (step == null) {
            if (maxRate != null) {
                throw InvalidInputException.field("--max-rate", maxRate, "only applies to --step (the bisection doubles"
                        + " until a probe fails)");
            }
            return null;
        }
        if (precision != null) {
            throw InvalidInputException.field("--precision", precision, "is the bisection's; with --step the answer's"
                    + " precision is the step (" + String.format(Locale.ROOT, "%,.0f", step) + " records/s)");
        }
        if (answerPrecision != null) {
            throw InvalidInputException.field("--answer-precision", answerPrecision, "is --searches auto's stop rule,"
                    + " which --step does not take (answers on the step's grid); use --searches N with --step");
        }
        return new FindMaxSettings.Ladder(step, maxRate);
    }

    @Override
    ClientRuntime load() {
        FindMaxSettings.Ladder ladder = ladder();
        settings = new FindMaxSettings(sla == null ? null : Threshold.parse(sla), startRecordsPerSec,
                percent("--precision", precision == null ? "5%" : precision), duration("--probe-duration", probeDuration),
                duration("--probe-warmup", probeWarmup), maxProbes, percent("--keep-up-tolerance", keepUpTolerance),
                duration("--probe-cooldown", probeCooldown), duration("--cluster-warmup", clusterWarmup),
                searchPlan(), ladder, minRate);
        spec = options.workload(workloadFile.path);
        return ClientRuntime.of(spec);
    }

    @Override
    Experiment experiment(RunContext context) {
        FindMax findMax = new FindMax(spec, settings, context.output().newDir("find-max-" + spec.name()), context);
        // A search takes its watchers from its context: it is remade with them, in the directory already chosen.
        return new Experiment(findMax::dryRun, (watchers, out) ->
                ExitPolicy.of(new FindMax(spec, settings, findMax.dir(), context.with(watchers)).execute(out)));
    }

    /** {@code 5%} or {@code 5} -> 0.05. */
    static double percent(String flag, String text) {
        String t = text.trim();
        String number = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : t;
        try {
            double v = Double.parseDouble(number) / 100;
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw InvalidInputException.field(flag, "'" + text + "'", "must be a percentage such as 5%");
        }
    }

    static Duration duration(String flag, String text) {
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field(flag, "'" + text + "'", "must be a duration such as 10s or 500ms");
        }
    }
}
