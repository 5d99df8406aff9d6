package io.kbench.experiment;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.error.RunFailedException;
import io.kbench.result.Environment;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.sweep.SweepResult;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One invocation's runs: a list of repetitions at a time (a round, or a fixed sweep's whole order) into the points'
 * tallies, and the points as they stand.
 */
final class SweepRounds implements SequentialSweep.Rounds {
    private final Sweep sweep;
    private final List<PointTally> tallies;
    private final String topicToken;
    /** The runs the sweep may make (shown as run n/planned); 0 when a time budget decides. */
    private final int planned;
    private final SweepClusters clusters;
    private final java.util.Map<String, Integer> externalBrokers;
    private final Instant start;
    private final Environment environment;
    private final PrintStream out;
    final List<RunOrder.Slot> ran = new ArrayList<>();
    /** From the first completed repetition to the last, this invocation's and earlier attempts'. */
    final SweepSpan span = new SweepSpan();
    boolean interrupted;
    private int count;

    SweepRounds(Sweep sweep, List<PointTally> tallies, String topicToken, int planned, SweepClusters clusters,
                java.util.Map<String, Integer> externalBrokers, Instant start, Environment environment, PrintStream out) {
        this.sweep = sweep;
        this.tallies = tallies;
        this.topicToken = topicToken;
        this.planned = planned;
        this.clusters = clusters;
        this.externalBrokers = externalBrokers;
        this.start = start;
        this.environment = environment;
        this.out = out;
    }

    @Override
    public boolean run(List<RunOrder.Slot> slots) {
        for (RunOrder.Slot slot : slots) {
            if (interrupted) {
                break;
            }
            runSlot(slot);
        }
        return !interrupted;
    }

    @Override
    public SweepResult sofar() {
        List<Sweep.PointResult> points = tallies.stream().filter(t -> !t.reps.isEmpty()).map(t -> SweepPointResults.of(sweep, t)).toList();
        SweepSpan.RunsHere here = SweepSpan.RunsHere.of(!ran.isEmpty());
        return SweepFiles.toResult(new Sweep.SweepOutcome(sweep.design(), points, false, span.start(start, here),
                span.end(Instant.now(), here), environment, ran, null));
    }

    @Override
    public int runs() {
        return count;
    }

    /** Runs one repetition (or takes it from an earlier attempt) into its point's tally. */
    private void runSlot(RunOrder.Slot slot) {
        count++;
        PointTally tally = tallies.get(slot.point());
        SweepPoint point = tally.point;
        if (tally.brokers == null) {
            tally.brokers = sweep.external() ? externalBrokers.get(Campaigns.key(point))
                    : sweep.clusterParams(sweep.design().workload(point, null).cluster(), null).brokers();
        }
        Path repDir = sweep.repDir(point, slot.repetition());
        tally.reps.add(sweep.dir().relativize(repDir.resolve("result.json")).toString().replace('\\', '/'));
        Optional<RunResult> done = Sweep.previouslyCompleted(repDir);
        String progress = "sweep: run " + count + (planned > 0 ? "/" + planned : "") + ": point "
                + (slot.point() + 1) + "/" + sweep.design().points().size() + " " + point.name() + " rep " + slot.repetition() + "/"
                + sweep.design().spec().repeat();
        if (done.isPresent()) {
            out.println(progress + ": already completed, skipped");
            tally.completed.add(done.get().summary());
            tally.cpu(done.get());
            span.add(done.get());
            tally.faultRuns.add(done.get().faults());
            tally.conditions.add(RunConditions.of(done.get(), sweep.replicationFactor(point)));
            tally.kafkaVersion(done.get());
            return;
        }
        out.println(progress);
        ran.add(slot);
        tally.executed++;
        WorkloadSpec spec = sweep.design().workload(point, sweep.topicName(point, slot.point(), slot.repetition(), topicToken));
        try {
            EmbeddedCluster cluster = sweep.external() ? null : clusters.runFor(spec);
            if (cluster != null) {
                tally.brokers = cluster.brokerCount();
            }
            RunResult result = sweep.runOnce(spec, cluster, repDir, point, String.valueOf(slot.repetition()), out);
            sweep.discardAfterFaults(spec, clusters);
            tally.violations += result.integrityViolated() ? 1 : 0;
            switch (result.status()) {
                case COMPLETED -> {
                    tally.completed.add(result.summary());
                    tally.cpu(result);
                    span.add(result);
                    tally.faultRuns.add(result.faults());
                    tally.conditions.add(RunConditions.of(result, sweep.replicationFactor(point)));
                    tally.kafkaVersion(result);
                }
                case INTERRUPTED -> interrupted = true;
                default -> tally.failed++;
            }
        } catch (RunFailedException e) {
            clusters.discard();
            if (JvmShutdown.inProgress()) {
                interrupted = true; // Ctrl-C while the cluster was starting: stop, keep what is done
            } else {
                // A cluster that cannot start (e.g. a broker setting it rejects) fails this repetition,
                // not the sweep; the next repetition starts a fresh cluster.
                out.println("sweep: repetition failed: " + e.getMessage());
                tally.failed++;
            }
        }
    }

    /** What one point gathered over the sweep; repetitions arrive interleaved with other points'. */
    static final class PointTally {
        final SweepPoint point;
        final List<String> reps = new ArrayList<>();
        final List<Summary> completed = new ArrayList<>();
        /** Each side's CPU per record of the completed repetitions that recorded it. */
        final List<LoadCpu> cpu = new ArrayList<>();
        /** The fault results of each completed repetition, for the point's recovery figures. */
        final List<List<FaultResult>> faultRuns = new ArrayList<>();
        /** What each completed repetition measured about the conditions findings may need. */
        final List<PointConditions.Run> conditions = new ArrayList<>();
        Integer brokers;
        /** The brokers' Kafka version a completed repetition recorded; null until one did. */
        String kafkaVersion;
        int executed;
        int failed;
        int violations;

        PointTally(SweepPoint point) {
            this.point = point;
        }

        void cpu(RunResult run) {
            if (run.loadCpu() != null) {
                cpu.add(run.loadCpu());
            }
        }

        void kafkaVersion(RunResult run) {
            if (run.cluster() != null && run.cluster().kafkaBrokerVersion() != null) {
                kafkaVersion = run.cluster().kafkaBrokerVersion();
            }
        }
    }
}
