package io.kbench.fault;

import io.kbench.cluster.BrokerChange;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.measure.SendWindows;
import io.kbench.result.BrokerVersion;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RollFigures;
import io.kbench.result.run.RollStep;
import io.kbench.spec.RollOrder;
import io.kbench.spec.RollSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The roll fault: every embedded broker restarted in turn under the load, each one stopped with Kafka's controlled
 * shutdown (SIGTERM), started again with the roll's settings, and waited for until it serves requests again and every
 * partition of every topic has its full ISR, before the next one goes. This is the rolling restart of the Apache Kafka
 * documentation ("Upgrading": restart the brokers one at a time; "Graceful shutdown": a controlled shutdown moves the
 * leaderships away first), with the next broker held back until no partition is under-replicated, the health check
 * operators make between two brokers. Each step has a window of {@link SendWindows} for the records sent during it.
 * The roll runs on the fault scheduler's thread, so faults after it wait until it has ended; {@link #stopWaiting} ends
 * it at the next poll when the run ends.
 */
final class RollingRestart {
    /** How long one broker may take to be back in sync after it was started again. */
    static final Duration STEP_TIMEOUT = EmbeddedCluster.DEFAULT_READY_TIMEOUT;
    private static final long POLL_MILLIS = 200;

    private final EmbeddedCluster cluster;
    private final RollAdmin admin;
    private final FaultClock clock;
    private final SendWindows windows;
    private final BrokerReports reports;
    private final Map<Integer, Roll> rolls = new ConcurrentHashMap<>();
    private volatile boolean closing;

    /**
     * One roll; its steps are appended by the scheduler's thread and read after the roll ended, as is its
     * metadata.version ({@code metadata}: null for a roll that keeps each broker's release).
     */
    private record Roll(RollSpec spec, long startNanos, List<Integer> order, List<RollStepProgress> steps,
                        RollMetadata metadata) {
    }

    RollingRestart(EmbeddedCluster cluster, RollAdmin admin, FaultClock clock, SendWindows windows,
                   BrokerReports reports) {
        this.cluster = cluster;
        this.admin = admin;
        this.clock = clock;
        this.windows = windows;
        this.reports = reports;
    }

    /**
     * The brokers in the order a roll restarts them: by id, and for {@code active-controller-last} the active
     * controller moved to the end (a controller is unknown: by id).
     */
    static List<Integer> order(List<Integer> brokers, Integer activeController, RollOrder order) {
        List<Integer> sorted = new ArrayList<>(brokers.stream().sorted().toList());
        if (order == RollOrder.ACTIVE_CONTROLLER_LAST && activeController != null && sorted.remove(activeController)) {
            sorted.add(activeController);
        }
        return List.copyOf(sorted);
    }

    /**
     * Runs fault {@code index}'s roll from {@code startNanos} to its end: every step done, a step failed (the brokers
     * after it are left as they are), or the run ended. {@code say} gets one line per event, for the terminal.
     * Returns why the roll did not complete, or null.
     */
    String run(int index, RollSpec spec, long startNanos, Consumer<String> say, Function<Long, String> at) {
        List<Integer> order = order(cluster.brokerIds(), admin.activeController(), spec.orderOrDefault());
        RollMetadata metadata = spec.kafkaVersion() == null ? null : new RollMetadata(admin, cluster, clock);
        Roll roll = new Roll(spec, startNanos, order, new CopyOnWriteArrayList<>(), metadata);
        rolls.put(index, roll);
        if (metadata == null) {
            return steps(roll, say, at);
        }
        metadata.started();
        return metadata.ended(steps(roll, say, at), spec.metadataFinalize(), closing, say, at);
    }

    /** The roll's steps, one broker after the other; why they did not all complete, or null. */
    private String steps(Roll roll, Consumer<String> say, Function<Long, String> at) {
        RollSpec spec = roll.spec();
        List<Integer> order = roll.order();
        Map<Integer, String> addresses = admin.addresses();
        Optional<Integer> down = order.stream().filter(b -> !addresses.containsKey(b)).findFirst();
        if (down.isPresent()) {
            return "broker " + down.get() + " was not serving when the roll started (an earlier fault stopped it?);"
                    + " a roll needs every broker up";
        }
        say.accept(" brokers " + order + " (" + spec.describe() + ")");
        BrokerChange change = new BrokerChange(spec.changes(), spec.kafkaVersion());
        for (int broker : order) {
            if (closing) {
                return "the run ended before broker " + broker + "'s turn";
            }
            long start = clock.nanoTime();
            RollStepProgress step = new RollStepProgress(broker, start, windows.open(start));
            roll.steps().add(step);
            try {
                step(step, change, addresses.get(broker), spec.settleOrDefault());
            } catch (RuntimeException e) {
                step.error = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                step.error = "interrupted";
            }
            step.closedNanos = clock.nanoTime();
            windows.close(step.window, step.closedNanos);
            if (step.error != null) {
                say.accept(": broker " + broker + " failed at " + at.apply(step.closedNanos) + ": " + step.error);
                return "broker " + broker + ": " + step.error;
            }
            say.accept(String.format(Locale.ROOT, ": broker %d back in sync at %s (away %.1f s, under-replicated %.1f s)%s",
                    broker, at.apply(step.inSyncNanos), (step.rejoinedNanos - start) / 1e9, step.underReplicatedSec(),
                    step.kafkaVersionRead == null ? "" : ", runs Kafka " + step.kafkaVersionRead));
        }
        return null;
    }

    private void step(RollStepProgress s, BrokerChange change, String address, Duration settle)
            throws InterruptedException {
        int b = s.broker;
        cluster.terminate(b);
        long killAt = s.startNanos + BrokerChange.SHUTDOWN_GRACE.toNanos();
        while (cluster.isRunning(b)) {
            poll(s);
            if (clock.nanoTime() > killAt) {
                // What cluster stop and a terminate fault's restart do too: the grace is over.
                cluster.kill(b);
                break;
            }
            Thread.sleep(POLL_MILLIS);
        }
        s.exitedNanos = clock.nanoTime();
        cluster.restart(b, change);
        long deadline = clock.nanoTime() + STEP_TIMEOUT.toNanos();
        while (true) {
            if (!cluster.isRunning(b)) {
                throw new IllegalStateException("broker " + b + " exited after it was started again (see broker-" + b
                        + ".log in " + cluster.logDir() + ")");
            }
            if (s.rejoinedNanos == null && admin.serves(address)) {
                s.rejoinedNanos = clock.nanoTime();
            }
            if (poll(s)) {
                break;
            }
            if (closing) {
                throw new IllegalStateException("the run ended before broker " + b + " was back in sync");
            }
            if (clock.nanoTime() > deadline) {
                throw new IllegalStateException("not back in sync within " + STEP_TIMEOUT.toSeconds() + " s ("
                        + (s.rejoinedNanos == null ? "broker " + b + " does not serve requests"
                        : "partitions still under-replicated") + ")");
            }
            Thread.sleep(POLL_MILLIS);
        }
        if (!change.config().isEmpty()) {
            s.configRead = admin.config(b, change.config().keySet());
        }
        if (change.kafkaVersion() != null) {
            // What the broker itself says, not what it was launched with: jars that were not the release's would show.
            s.kafkaVersionRead = reports.read(b).map(BrokerVersion::kafkaVersion).orElse(null);
            if (s.kafkaVersionRead != null && !s.kafkaVersionRead.equals(change.kafkaVersion())) {
                throw new IllegalStateException("broker " + b + " reports Kafka " + s.kafkaVersionRead + " after its"
                        + " restart on " + change.kafkaVersion());
            }
        }
        long settled = s.inSyncNanos + settle.toNanos();
        while (!closing && clock.nanoTime() < settled) {
            Thread.sleep(Math.min(POLL_MILLIS, Math.max(1, (settled - clock.nanoTime()) / 1_000_000)));
        }
        s.endNanos = clock.nanoTime();
    }

    /** One look at the partitions; whether the step is back in sync. */
    private boolean poll(RollStepProgress s) {
        Optional<Integer> shortNow = admin.shortPartitions();
        return shortNow.isPresent() && s.polled(clock.nanoTime(), shortNow.get());
    }

    /** The run is ending: the roll stops at its next poll (a broker already stopped is still started again). */
    void stopWaiting() {
        closing = true;
    }

    /**
     * Fault {@code index}'s figures, or null when it is no roll that started; {@code zeroNanos} is the start of the
     * run's axis and {@code intervals} its series, for the baseline before the roll.
     */
    RollFigures figures(int index, long zeroNanos, List<IntervalPoint> intervals) {
        Roll roll = rolls.get(index);
        if (roll == null) {
            return null;
        }
        double startSec = (roll.startNanos() - zeroNanos) / 1e9;
        List<IntervalPoint> before = baseline(intervals, startSec, roll.spec().baselineOrDefault());
        List<RollStep> steps = roll.steps().stream().map(s -> s.result(zeroNanos, windows)).toList();
        RollMetadata metadata = roll.metadata();
        return new RollFigures(roll.order(), roll.spec().changes(),
                before.isEmpty() ? null : Math.round((before.get(0).endSec() - intervalLength(intervals)) * 1000) / 1000.0,
                median(before.stream().map(p -> (double) p.producedRecordsPerSec()).toList()),
                median(before.stream().map(IntervalPoint::publishLatencyMicros).filter(l -> l != null && l.count() > 0)
                        .map(l -> (double) l.p99()).toList()),
                median(before.stream().map(IntervalPoint::endToEndLatencyMicros).filter(l -> l != null && l.count() > 0)
                        .map(l -> (double) l.p99()).toList()), steps, roll.spec().kafkaVersion(),
                metadata == null ? null : metadata.before(), metadata == null ? null : metadata.after(),
                metadata == null ? null : metadata.finalizedSec(zeroNanos));
    }

    /** The measured intervals that ended within {@code baseline} before {@code startSec}. */
    static List<IntervalPoint> baseline(List<IntervalPoint> intervals, double startSec, Duration baseline) {
        double from = startSec - baseline.toNanos() / 1e9;
        return intervals.stream().filter(p -> p.phase() == IntervalPhase.MEASURED && p.endSec() <= startSec
                && p.endSec() > from).toList();
    }

    /** The usual interval length (the median gap between interval ends), 0 with fewer than two intervals. */
    private static double intervalLength(List<IntervalPoint> intervals) {
        List<Double> gaps = new ArrayList<>();
        for (int i = 1; i < intervals.size(); i++) {
            gaps.add(intervals.get(i).endSec() - intervals.get(i - 1).endSec());
        }
        Double gap = median(gaps);
        return gap == null ? 0 : gap;
    }

    private static Double median(List<Double> values) {
        return values.isEmpty() ? null : RecoveryFigures.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
