package io.kbench.experiment;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.result.Environment;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.io.Redactor;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.FaultSpread;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.SweepOrder;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.spec.ClusterSpec;
import io.kbench.spec.WorkloadSpec;
import io.kbench.statistics.EffectRule;
import io.kbench.unit.DurationText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;

/**
 * Runs every point of a sweep {@code repeat} times into one directory (with {@code repeat: auto}, rounds until {@link
 * SequentialSweep} says everything is decided or the budget allows no further round), reusing one embedded cluster
 * while the points' {@code cluster} settings stay the same, and skipping repetitions a previous attempt completed.
 *
 * @param design    the loaded sweep
 * @param dir     the sweep directory (points/, sweep.yaml, sweep.json, sweep.csv)
 * @param context an external cluster or embedded clusters started from each point's cluster settings; labels for
 *                every repetition's result.json (sweep, point and repetition are added); thresholds judged on each
 *                point's median summary; who is told about each repetition; what it samples and how its load is spread
 */
public record Sweep(SweepDesign design, Path dir, RunContext context) {

    /** The name of the copy of the sweep file kept in the sweep directory. */
    public static final String SWEEP_FILE = "sweep.yaml";

    public Sweep {
        Objects.requireNonNull(context, "context");
        if (context.target() instanceof ClusterTarget.Shared) {
            throw new IllegalArgumentException("a sweep starts its own embedded clusters");
        }
        if (context.external() && !design.spec().clusterPaths().isEmpty()) {
            throw InvalidInputException.field("axes/points", design.spec().clusterPaths(),
                    "cluster.* settings cannot be varied against an existing cluster (--bootstrap-server)");
        }
        if (design.spec().campaign()) {
            Campaigns.check(design, context);
        }
    }

    /** Whether every point runs on an external cluster (--bootstrap-server, or a campaign's named clusters). */
    public boolean external() {
        return context.external() || design.spec().campaign();
    }

    /**
     * The context of {@code point}'s runs: on a campaign's cluster, that cluster's connection (the shared client
     * properties, the cluster's own, its bootstrap servers), its results tagged with the cluster's name and instance type.
     */
    RunContext contextFor(SweepPoint point) {
        return point.cluster() == null ? context : Campaigns.context(point.cluster(), context);
    }

    /** A sweep's clusters are shared by its runs, whose rolls therefore change no release (SweepChecks refuses it). */
    ClusterParams clusterParams(ClusterSpec cluster, Path logDir) {
        return ((ClusterTarget.Embedded) context.target()).params().create(cluster, List.of(), logDir);
    }

    /**
     * Runs what is left to run and returns every point's outcome. Stops early (keeping what was done) when a run is
     * interrupted.
     */
    public SweepOutcome execute(PrintStream out) {
        SweepChecks.preflight(this, true, out);
        Instant start = Instant.now();
        prepareDirectory();
        // A token per invocation keeps topic names unique even when a resumed repetition's topic was left behind.
        String topicToken = Long.toString(System.currentTimeMillis(), 36);
        long seed = design.spec().seed() != null ? design.spec().seed() : new Random().nextLong();
        SequentialSweep auto = design.spec().repeat().auto()
                ? new SequentialSweep(design, design.budget(), EffectRule.DEFAULT) : null;
        List<SweepRounds.PointTally> tallies = new ArrayList<>();
        design.points().forEach(p -> tallies.add(new SweepRounds.PointTally(p)));
        int planned = auto == null ? design.points().size() * design.spec().repeat().count()
                : auto.budget().runs() == null ? 0 : auto.budget().runs();
        Map<String, Integer> externalBrokers = Campaigns.brokers(this);
        Environment environment = Environment.capture();
        SweepRounds rounds;
        try (SweepClusters clusters = new SweepClusters((cluster, faults, logDir) -> clusterParams(cluster, logDir), dir.resolve("broker-logs"), out)) {
            rounds = new SweepRounds(this, tallies, topicToken, planned, clusters, externalBrokers, start, environment, out);
            if (design.spec().warmupPoint() && (auto != null || RunOrder.of(design.points().size(),
                    design.spec().repeat().count(), design.spec().order(), seed).stream().anyMatch(slot -> !done(slot)))) {
                rounds.interrupted = warmUp(out, clusters, topicToken);
                if (!rounds.interrupted) {
                    rounds.ran.add(new RunOrder.Slot(0, 0));
                }
            }
            if (auto == null) {
                rounds.run(RunOrder.of(design.points().size(), design.spec().repeat().count(), design.spec().order(), seed));
            } else {
                auto.run(rounds, new Random(seed), start, out);
            }
        }
        List<PointResult> results = tallies.stream().filter(t -> !t.reps.isEmpty()).map(t -> SweepPointResults.of(this, t)).toList();
        // The sweep's times are its repetitions' (SweepSpan): a resume that runs nothing keeps when the sweep measured.
        SweepSpan.RunsHere here = SweepSpan.RunsHere.of(!rounds.ran.isEmpty());
        return new SweepOutcome(design, results, rounds.interrupted, rounds.span.start(start, here),
                rounds.span.end(Instant.now(), here), environment, rounds.ran,
                design.spec().order() == SweepOrder.RANDOM ? seed : null, auto == null ? null : auto.section(),
                auto == null ? null : auto.verdicts());
    }

    /**
     * --dry-run: the checks the sweep makes before its first repetition, then every point's resolved workload as its
     * repetitions would run it; nothing is started or written.
     */
    public void dryRun(PrintStream out) {
        SweepChecks.dryRun(this, out);
    }

    /** The topic's replication factor at {@code point}: every replica writes the produced bytes. */
    int replicationFactor(SweepPoint point) {
        Integer rf = design.workload(point, null).topic().replicationFactor();
        return rf == null ? 1 : rf;
    }

    private boolean done(RunOrder.Slot slot) {
        return previouslyCompleted(repDir(design.points().get(slot.point()), slot.repetition())).isPresent();
    }

    Path repDir(SweepPoint point, int rep) {
        return dir.resolve("points").resolve(point.name()).resolve("rep-" + rep);
    }

    /**
     * Runs the first point once into warmup/, so the first measured repetition does not meet a cold broker JVM;
     * returns whether it was interrupted. A failed warm-up is reported and the sweep goes on.
     */
    private boolean warmUp(PrintStream out, SweepClusters clusters, String topicToken) {
        SweepPoint point = design.points().get(0);
        Duration length = design.spec().warmupPointDuration();
        out.println("sweep: warm-up run of point " + point.name() + (length == null ? "" : " for " + DurationText.format(length))
                + " (discarded)");
        WorkloadSpec spec = design.warmupWorkload(topicName(point, 0, 0, topicToken));
        try {
            EmbeddedCluster cluster = external() ? null : clusters.runFor(spec);
            RunResult result = runOnce(spec, cluster, dir.resolve("warmup").resolve(point.name()), point, "warmup", out);
            discardAfterFaults(spec, clusters);
            return result.status() == RunStatus.INTERRUPTED;
        } catch (RunFailedException e) {
            clusters.discard();
            if (JvmShutdown.inProgress()) {
                return true;
            }
            out.println("sweep: warm-up run failed: " + e.getMessage());
            return false;
        }
    }

    /**
     * A run with faults may leave its cluster changed (a broker killed for good, leadership moved, a restarted broker
     * catching up): the next repetition gets a fresh cluster, so every repetition starts from the same state.
     */
    void discardAfterFaults(WorkloadSpec spec, SweepClusters clusters) {
        if (!spec.faults().isEmpty()) {
            clusters.discard();
        }
    }

    RunResult runOnce(WorkloadSpec spec, EmbeddedCluster cluster, Path runDir, SweepPoint point, String repetition,
                              PrintStream out) {
        Map<String, String> repTags = new LinkedHashMap<>();
        repTags.put("sweep", design.spec().name());
        repTags.put("point", point.name());
        repTags.put("repetition", repetition);
        // A repetition is judged by nothing: the sweep judges each point's median.
        RunContext pointContext = contextFor(point);
        RunContext repContext = pointContext.with(pointContext.output().tagged(repTags).judgedBy(List.of()));
        return new SingleRun(spec, cluster != null ? repContext.with(new ClusterTarget.Shared(cluster)) : repContext)
                .execute(out, runDir);
    }

    /** Topics get the point index and repetition so each repetition starts from an empty topic. */
    String topicName(SweepPoint point, int index, int rep, String token) {
        WorkloadSpec base = design.workload(point, null);
        if (!base.topic().create()) {
            return null;
        }
        String suffix = "-" + token + "-p" + (index + 1) + "-r" + rep;
        String name = base.topic().name();
        return (name.length() + suffix.length() > 249 ? name.substring(0, 249 - suffix.length()) : name) + suffix;
    }

    static Optional<RunResult> previouslyCompleted(Path repDir) {
        Path file = repDir.resolve("result.json");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            RunResult run = ResultReader.read(file, RunResult.class);
            return run.status() == RunStatus.COMPLETED && run.summary() != null ? Optional.of(run) : Optional.empty();
        } catch (InvalidInputException unreadable) {
            // A half-written result.json (the process was killed mid-write) is rerun, not fatal.
            return Optional.empty();
        }
    }

    /** Creates the directory and keeps the sweep file in it; resuming with a different sweep file is refused. */
    private void prepareDirectory() {
        Path copy = dir.resolve(SWEEP_FILE);
        try {
            Files.createDirectories(dir);
            // The copy is redacted (a secret axis lists [secret-1], ...), so a resume compares redacted texts.
            String kept = Redactor.redactYaml(design.text());
            if (Files.isRegularFile(copy)) {
                if (!Files.readString(copy).equals(kept)) {
                    throw InvalidInputException.field("--resume " + dir, design.source(),
                            "this directory holds a different sweep (" + copy + "); use a new --results-dir or the same sweep file");
                }
                SpentDesign.refuseResuming(dir);
            } else {
                ResultWriter.writeText(copy, kept);
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot prepare sweep directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * What one point produced.
     *
     * @param point       the point
     * @param brokers     brokers of the cluster it ran on; null if no repetition ran in this invocation on embedded
     * @param repetitions result.json paths relative to the sweep directory, one per repetition
     * @param completed   repetitions with a completed result (this invocation or an earlier one)
     * @param executed    repetitions run by this invocation
     * @param failed      repetitions that failed in this invocation
     * @param summary     median/min/max over the completed repetitions; null when none completed
     * @param verdicts    thresholds judged on the median summary
     * @param integrityViolations repetitions of this invocation whose verification (verify: true) found a violation
     * @param faults      each fault of the point's workload with its recovery figures over the completed repetitions
     * @param conditions  what the completed repetitions measured about findings' preconditions; null when nothing
     * @param kafkaBrokerVersion the brokers' Kafka version a completed repetition recorded; null when none did
     */
    public record PointResult(SweepPoint point, Integer brokers, List<String> repetitions, int completed, int executed,
                              int failed, PointSummary summary, List<ThresholdVerdict> verdicts, int integrityViolations,
                              List<FaultSpread> faults, PointConditions conditions, String kafkaBrokerVersion) {
        /** A point whose brokers' version is not known. */
        public PointResult(SweepPoint point, Integer brokers, List<String> repetitions, int completed, int executed,
                           int failed, PointSummary summary, List<ThresholdVerdict> verdicts, int integrityViolations,
                           List<FaultSpread> faults, PointConditions conditions) {
            this(point, brokers, repetitions, completed, executed, failed, summary, verdicts, integrityViolations, faults,
                    conditions, null);
        }

        public boolean thresholdsPassed() {
            return verdicts.stream().allMatch(ThresholdVerdict::passed);
        }
    }

    /**
     * The whole sweep.
     *
     * @param design        what was asked
     * @param points      one per point that was reached, in the design's point order
     * @param interrupted whether a run was interrupted (Ctrl-C) and the sweep stopped early
     * @param startTime   when the sweep's first completed repetition started, whichever invocation ran it (this
     *                    invocation's start when it ran something and started earlier: its cluster start and warm-up)
     * @param endTime     when this invocation ended if it ran something, else when the last repetition ended
     * @param environment versions and hardware of the load generator
     * @param ran         the repetitions this invocation ran, in the order it ran them (repetition 0: the warm-up)
     * @param seed        the shuffle seed of order: random; null otherwise
     * @param repetitions repeat: auto's looks and decisions; null for a fixed repeat
     * @param verdicts    repeat: auto's findings, each as decided at its look (or the last); null to judge them at the end
     */
    public record SweepOutcome(SweepDesign design, List<PointResult> points, boolean interrupted, Instant startTime,
                               Instant endTime, Environment environment, List<RunOrder.Slot> ran, Long seed,
                               SweepRepetitions repetitions, List<FindingVerdict> verdicts) {
        /** The outcome of a sweep with a fixed repeat. */
        public SweepOutcome(SweepDesign design, List<PointResult> points, boolean interrupted, Instant startTime,
                            Instant endTime, Environment environment, List<RunOrder.Slot> ran, Long seed) {
            this(design, points, interrupted, startTime, endTime, environment, ran, seed, null, null);
        }

        public boolean anyFailed() {
            return points.stream().anyMatch(p -> p.failed() > 0);
        }

        public boolean thresholdsPassed() {
            return points.stream().allMatch(PointResult::thresholdsPassed);
        }

        public boolean integrityViolated() {
            return points.stream().anyMatch(p -> p.integrityViolations() > 0);
        }
    }
}
