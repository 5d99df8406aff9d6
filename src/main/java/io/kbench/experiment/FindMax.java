package io.kbench.experiment;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.console.FindMaxTable;
import io.kbench.console.RunHeader;
import io.kbench.error.InterruptedRunException;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.SearchMode;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.Clients;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.ShortWindow;
import io.kbench.result.run.Summary;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import io.kbench.unit.Percent;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The find-max experiment: one cluster (embedded, started once, or external), a probe per offered rate run through
 * {@link SingleRun} into {@code dir/probes/NN-<rate>/} (numbered on through every search), the {@link RateSearch} run
 * as often as the {@link SearchPlan} says ({@link SearchSeries}), and {@code dir/result.json}.
 *
 * @param spec     the workload; each probe replaces its rate, records/duration, warm-up and topic name
 * @param settings the search settings
 * @param dir      the find-max result directory
 * @param context  where the cluster is (an embedded one is started once and shared by every probe), the labels, the
 *                 thresholds judged on the run at the answer (the confirmation probe), who is told about each probe's
 *                 and the answer's result.json, what every probe samples and how its load is spread
 */
public record FindMax(WorkloadSpec spec, FindMaxSettings settings, Path dir, RunContext context) {

    public FindMax {
        Objects.requireNonNull(context, "context");
        validate(spec, settings, context.output().thresholds());
        if (context.distribution() != null) {
            Preflight.distributable(spec, context.distribution());
        }
    }

    static void validate(WorkloadSpec spec, FindMaxSettings settings, List<Threshold> thresholds) {
        if (spec.producers().count() == 0) {
            throw InvalidInputException.field("producers.count", 0, "find-max needs producers");
        }
        if (!spec.faults().isEmpty()) {
            throw InvalidInputException.field("faults", spec.faults().size() + " fault(s)",
                    "are run by kbench run and sweep, not by find-max (sweep producers.rate with --fault instead)");
        }
        if (spec.producers().staged()) {
            throw InvalidInputException.field("producers.stages", spec.producers().stages().size() + " stage(s)",
                    "find-max sets one rate per probe: leave the stages out (kbench run runs them)");
        }
        if (settings.sla() != null) {
            needsWhatItMeasures(spec, "the SLA", settings.sla());
        }
        thresholds.forEach(t -> needsWhatItMeasures(spec, "--threshold", t));
        if (spec.consumers().mode() == ConsumerMode.BACKLOG) {
            throw InvalidInputException.field("consumers.mode", "backlog", "find-max probes a live rate; use live or none");
        }
        if (spec.consumers().pause() != null) {
            throw InvalidInputException.field("consumers.pause", spec.consumers().pause().condition(),
                    "find-max probes a steady live rate; run a backlog phase with kbench run or sweep");
        }
        if (!spec.topic().create()) {
            throw InvalidInputException.field("topic.create", false,
                    "find-max creates a fresh topic per probe so backlogs do not carry over; set topic.create: true");
        }
    }

    /** e2e.* needs live consumers and consumed.* needs consumers: refused before any probe rather than failed after. */
    private static void needsWhatItMeasures(WorkloadSpec spec, String what, Threshold condition) {
        String group = condition.metric().group();
        if (group.equals("e2e") && spec.consumers().mode() != ConsumerMode.LIVE) {
            throw InvalidInputException.field("consumers.mode", spec.consumers().mode().toString().toLowerCase(Locale.ROOT),
                    what + " " + condition.text() + " needs live consumers (consumers.mode: live)");
        }
        if (group.equals("consumed") && !spec.consumers().enabled()) {
            throw InvalidInputException.field("consumers.mode", "none", what + " " + condition.text() + " needs consumers");
        }
    }


    /**
     * --dry-run: the first probe's workload as it would run, after every check the search makes before it starts,
     * and how the search would go on; nothing is started or written.
     */
    public void dryRun(PrintStream out) {
        Preflight.workload(spec, context.connection());
        WorkloadSpec first = probeSpec(1, settings.startRecordsPerSec(), "0");
        RunHeader.printFull(first, context.connection(), new SingleRun(first, context).check(), out);
        // One search prints the line it always did; several say how many first.
        boolean one = settings.searches().equals(SearchPlan.ONE);
        String warmup = settings.clusterWarmup().isZero() ? ""
                : "; first an unjudged " + DurationText.format(settings.clusterWarmup()) + " cluster warm-up";
        if (settings.search() instanceof StepSearch steps) {
            out.printf(Locale.ROOT, "# find-max: %s%s, %s each after %s warm-up; the answer is the last rate that passed,"
                    + " to within one step; a failing start goes down by the step to --min-rate %,.0f records/s; SLA: %s%s%n",
                    one ? "" : searchesText(settings.searches()) + ", each ", steps.describe(),
                    DurationText.format(settings.probeDuration()), DurationText.format(settings.probeWarmup()),
                    settings.minRecordsPerSec(), settings.slaText(), warmup);
            return;
        }
        out.printf(Locale.ROOT, "# find-max: %sprobes from %,.0f records/s (halving down to --min-rate %,.0f if it fails),"
                + " %s each after %s warm-up, to %.1f%% precision, at most %d probes%s; SLA: %s%s%n",
                one ? "" : searchesText(settings.searches()) + "; ", settings.startRecordsPerSec(), settings.minRecordsPerSec(),
                DurationText.format(settings.probeDuration()), DurationText.format(settings.probeWarmup()),
                settings.precision() * 100, settings.maxProbes(), one ? "" : " per search", settings.slaText(), warmup);
    }

    private static String searchesText(SearchPlan plan) {
        return plan.mode() == SearchMode.FIXED ? plan.count() + (plan.count() == 1 ? " search" : " independent searches")
                : String.format(Locale.ROOT, "searches until the %d%% interval of the answer is within ±%s (at least %d, at most %d)",
                        SearchPlan.CONFIDENCE_PERCENT, Percent.ofFraction(plan.target()), SearchPlan.AUTO_MINIMUM, plan.count());
    }

    /** Runs the searches and writes result.json; {@code out} receives every probe's output, the table and the answer. */
    public FindMaxResult execute(PrintStream out) {
        Preflight.workload(spec, context.connection());
        Preflight.embeddedOnly(spec, context.target());
        // Every probe is a SingleRun, which starts the drivers of a client other than java as 'kbench run' does; built
        // (or found in the cache) once here, so a missing compiler is one line before the cluster starts, not a failed
        // first probe, and no probe's window holds a build.
        Preflight.drivers(spec, out);
        Preflight.reachable(context.target(), context.connection());
        Instant start = Instant.now();
        EmbeddedCluster shared = context.target() instanceof ClusterTarget.Shared s ? s.cluster() : null;
        ClusterParams params = context.target() instanceof ClusterTarget.Embedded e
                ? e.params().create(spec.cluster(), List.of(), dir.resolve("broker-logs")) : null;
        if (params != null && spec.topic().replicationFactor() > params.brokers()) {
            throw InvalidInputException.field("topic.replicationFactor", spec.topic().replicationFactor(),
                    "must be <= the number of embedded brokers (" + params.brokers() + ")");
        }
        EmbeddedCluster embedded = shared != null ? shared : params == null ? null : EmbeddedCluster.start(params, true, out);
        try {
            ProbeRunner runner = new ProbeRunner(embedded, out, Long.toString(start.getEpochSecond(), 36));
            runner.warmUp();
            SearchSeries series = SearchSeries.run(settings.searches(), settings.search(), n -> runner, out);
            List<ProbeOutcome> probes = series.searches().stream().flatMap(s -> s.probes().stream()).toList();
            FindMaxResult result = new FindMaxResult(RunResult.SCHEMA_VERSION, FindMaxResult.KIND, spec.name(), context.output().tags(),
                    start, Instant.now(), Environment.capture(), runner.clusterInfo, spec, context.connection(),
                    FindMaxFigures.of(spec, settings, series.searches(), series.stopped()), probes,
                    verdicts(series, runner.summaries), FindMaxFigures.answersOf(series.searches()), runner.clients);
            Path file = ResultWriter.write(result, dir);
            out.println();
            FindMaxTable.print(result, out);
            // Every probe measures the workload's window: a short one makes each pass or fail a coin toss.
            if (spec.producers().duration() != null) {
                ShortWindow.flag(spec.producers().duration().toMillis() / 1000.0, -1)
                        .ifPresent(f -> out.println("every probe: " + f));
            }
            if (result.thresholds() != null) {
                result.thresholds().forEach(v -> out.println(v.line()));
            }
            out.println("results: " + file);
            context.observers().listener().written(dir, out);
            return result;
        } finally {
            if (embedded != null && embedded != shared) {
                embedded.close();
            }
        }
    }

    /**
     * Thresholds judged on the last passing probe at the answer rate, so {@code produced.recordsPerSec>=N} gates on the
     * sustainable rate and latency thresholds on the latency there; over several searches, in the search whose answer
     * is the median (the lower middle one of an even count). Without an answer every threshold fails.
     */
    List<ThresholdVerdict> verdicts(SearchSeries series, List<Summary> summaries) {
        List<Threshold> thresholds = context.output().thresholds();
        if (thresholds.isEmpty()) {
            return null;
        }
        Summary atAnswer = null;
        Integer median = series.medianSearch();
        if (median != null) {
            SearchResult search = series.searches().get(median);
            // Every probe's summary is in run order: this search's first probe comes after the earlier searches' probes.
            int offset = series.searches().subList(0, median).stream().mapToInt(s -> s.probes().size()).sum();
            List<ProbeOutcome> probes = search.probes();
            for (int i = probes.size() - 1; i >= 0; i--) {
                ProbeOutcome p = probes.get(i);
                if (p.passed() && p.rateRecordsPerSec() == search.maxRecordsPerSec() && offset + i < summaries.size()) {
                    atAnswer = summaries.get(offset + i);
                    break;
                }
            }
        }
        Summary answer = atAnswer;
        return thresholds.stream().map(t -> answer == null
                ? new ThresholdVerdict(t.condition(), false, Double.NaN, "no run at a sustainable rate") : t.evaluate(answer)).toList();
    }

    /** The workload of probe {@code number}: the given rate for the probe duration, on its own fresh topic. */
    WorkloadSpec probeSpec(int number, double rate, String runId) {
        return probeSpec(number, rate, runId, settings.probeDuration(), settings.probeWarmup());
    }

    /** The cluster warm-up's workload: the start rate for --cluster-warmup, all of it measured but never judged. */
    WorkloadSpec clusterWarmupSpec(String runId) {
        return probeSpec(0, settings.startRecordsPerSec(), runId, settings.clusterWarmup(), Duration.ZERO);
    }

    private WorkloadSpec probeSpec(int number, double rate, String runId, Duration duration, Duration warmup) {
        String name = spec.topic().name() + "-fm" + runId + "-" + String.format(Locale.ROOT, "%02d", number);
        Map<String, Object> probe = new LinkedHashMap<>();
        probe.put("producers.rate", rate);
        probe.put("producers.records", null);
        probe.put("producers.duration", duration);
        probe.put("producers.warmupRecords", null);
        probe.put("producers.warmupDuration", warmup);
        probe.put("topic.name", name.length() > 249 ? name.substring(name.length() - 249) : name);
        probe.put("topic.create", true);
        probe.put("topic.deleteAfter", true);
        probe.put("faults", null);
        return spec.with(probe);
    }

    /** Runs probes on the one cluster and remembers the cluster for the result. */
    private final class ProbeRunner implements RateProbe {
        private final EmbeddedCluster embedded;
        private final PrintStream out;
        private final String runId;
        private int count;
        ClusterInfo clusterInfo;
        /** The first probe's drivers (its broker check is that probe's own): what the search ran, for the catalog. */
        Clients clients;
        /** Each probe's summary in probe order (the search's probe list has the same order). */
        final List<Summary> summaries = new ArrayList<>();

        ProbeRunner(EmbeddedCluster embedded, PrintStream out, String runId) {
            this.embedded = embedded;
            this.out = out;
            this.runId = runId;
        }

        /**
         * --cluster-warmup: a run at the start rate, judged by nothing and not a probe, into probes/00-warmup. A freshly
         * started broker compiles its hot code in its first tens of seconds; held to half a core by cluster.limits it
         * spends that whole half on it, so without this the first probes measure the JIT, not the rate.
         */
        void warmUp() {
            if (settings.clusterWarmup().isZero()) {
                return;
            }
            out.printf(Locale.ROOT, "%nfind-max: warming the cluster up for %s at %,.0f records/s (not judged)%n",
                    DurationText.format(settings.clusterWarmup()), settings.startRecordsPerSec());
            RunContext warmContext = context.with(context.output().judgedBy(List.of()));
            SingleRun run = new SingleRun(clusterWarmupSpec(runId),
                    embedded != null ? warmContext.with(new ClusterTarget.Shared(embedded)) : warmContext);
            RunResult result = run.execute(out, dir.resolve("probes").resolve("00-warmup"));
            if (result.status() == RunStatus.INTERRUPTED) {
                throw new InterruptedRunException("find-max interrupted during the cluster warm-up");
            }
        }

        @Override
        public void turned(String line) {
            out.println("find-max: " + line);
        }

        @Override
        public ProbeOutcome probe(double rate) {
            count++;
            if (count > 1 && !settings.probeCooldown().isZero()) {
                out.printf(Locale.ROOT, "find-max: cooling down for %s%n", DurationText.format(settings.probeCooldown()));
                try {
                    Thread.sleep(settings.probeCooldown().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedRunException("find-max interrupted between probes; the probes so far are in "
                            + dir.resolve("probes"));
                }
            }
            String label = String.format(Locale.ROOT, "%02d-%.0f", count, rate);
            out.printf(Locale.ROOT, "%nfind-max: probe %d at %,.0f records/s%n", count, rate);
            Path probeDir = dir.resolve("probes").resolve(label);
            RunContext probeContext = context.with(context.output().judgedBy(
                    settings.sla() == null ? List.of() : List.of(settings.sla())));
            SingleRun run = new SingleRun(probeSpec(count, rate, runId),
                    embedded != null ? probeContext.with(new ClusterTarget.Shared(embedded)) : probeContext);
            RunResult result = run.execute(out, probeDir);
            if (result.status() == RunStatus.INTERRUPTED) {
                throw new InterruptedRunException("find-max interrupted during probe " + count + "; the probes so far are in "
                        + dir.resolve("probes"));
            }
            if (clusterInfo == null) {
                clusterInfo = result.cluster();
            }
            // The first probe whose drivers got ready names them (a probe that failed before has none).
            if (clients == null && result.clients() != null) {
                clients = new Clients(result.clients().producers(), result.clients().consumers());
            }
            summaries.add(result.summary());
            ProbeOutcome o = settings.keepUpCheck().judge(rate, result, spec.consumers().mode() == ConsumerMode.LIVE,
                    dir.relativize(probeDir).toString());
            out.printf(Locale.ROOT, "find-max: probe %d at %,.0f records/s: %s (%s)%n", count, rate,
                    o.passed() ? "PASS" : "FAIL", o.reason());
            return o;
        }
    }
}
