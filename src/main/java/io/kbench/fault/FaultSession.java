package io.kbench.fault;

import io.kbench.cluster.BrokerChange;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.measure.SendWindows;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.ReassignmentFigures;
import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.admin.Admin;

/**
 * The faults of one run: fires them on the run's clock against the embedded cluster (or runs exec commands), and
 * afterwards turns what happened into {@link FaultResult}s. {@link #close} ends every fault still in force that must
 * not outlive the run: a paused broker is resumed, a running exec command stopped.
 */
public final class FaultSession implements AutoCloseable, FaultScheduler.Handler {
    private final WorkloadSpec spec;
    private final EmbeddedCluster cluster;
    private final Admin admin;
    private final BrokerResolver resolver;
    private final SendWindows windows;
    private final LongSupplier runStartNanos;
    private final LongSupplier measuredStartNanos;
    private final FaultClock clock;
    private final PrintStream out;
    private final ExecCommands exec;
    private final MembershipFaults membership;
    private final RollingRestart rolling;
    private final List<Fired> fired = new ArrayList<>();
    private final FaultScheduler scheduler;
    private boolean closed;

    /** What happened to one fault; written by the scheduler thread, read after it stopped. */
    private static final class Fired {
        Integer brokerId;
        Long startNanos;
        Long endNanos;
        String error;
        int window = -1;
    }

    private FaultSession(WorkloadSpec spec, EmbeddedCluster cluster, Map<String, Object> adminConfig, Path runDir,
                         LongSupplier runStartNanos, LongSupplier measuredStartNanos, SendWindows windows,
                         FaultClock clock, PrintStream out, BrokerReports reports) {
        this.spec = spec;
        this.cluster = cluster;
        this.admin = Admin.create(adminConfig);
        this.resolver = new BrokerResolver(admin, spec.topic().name(), cluster);
        this.windows = windows;
        this.runStartNanos = runStartNanos;
        this.measuredStartNanos = measuredStartNanos;
        this.clock = clock;
        this.out = out;
        this.exec = new ExecCommands(runDir, clock, windows);
        this.membership = new MembershipFaults(cluster, new ReassignmentAdmin(admin), spec.topic().name(), clock, windows);
        this.rolling = new RollingRestart(cluster, new RollAdmin(admin, adminConfig), clock, windows,
                reports);
        spec.faults().forEach(f -> fired.add(new Fired()));
        this.scheduler = new FaultScheduler(spec.faults(), clock, measuredStartNanos, this);
    }

    /**
     * Starts the schedule; it waits for the measured window. {@code cluster} is null for an external cluster (exec
     * only). {@code runStartNanos} is the zero of the interval axis, {@code measuredStartNanos} the start of the
     * measured window (Long.MAX_VALUE until then). {@code reports} reads what a broker reports of itself, for the
     * steps of a roll to another release.
     */
    public static FaultSession start(WorkloadSpec spec, EmbeddedCluster cluster, Map<String, Object> adminConfig,
                                     Path runDir, LongSupplier runStartNanos, LongSupplier measuredStartNanos,
                                     SendWindows windows, PrintStream out, BrokerReports reports) {
        FaultSession session = new FaultSession(spec, cluster, adminConfig, runDir, runStartNanos, measuredStartNanos,
                windows, FaultClock.SYSTEM, out, reports);
        session.scheduler.start();
        return session;
    }

    @Override
    public void start(int index, long nanos) {
        FaultSpec f = spec.faults().get(index);
        Fired state = fired.get(index);
        try {
            if (f.action().isMembership()) {
                startMembership(index, f, state);
                return;
            }
            if (f.action() == FaultAction.ROLL) {
                roll(index, f, state);
                return;
            }
            int broker = f.action() == FaultAction.RESTART && f.target() == null
                    ? restartedBroker(index) : resolver.resolve(f);
            state.brokerId = broker;
            long at = clock.nanoTime();
            switch (f.action()) {
                case KILL -> cluster.kill(broker);
                case TERMINATE -> cluster.terminate(broker);
                case PAUSE -> cluster.pause(broker);
                case RESTART -> restart(index, broker, at);
                case EXEC -> exec.start(index, f.command(), broker);
                case DELAY, DROP, ISOLATE -> NetworkFaults.impair(cluster, f, broker);
                default -> throw new IllegalStateException("unknown action " + f.action());
            }
            state.startNanos = at;
            if (f.action() != FaultAction.RESTART) {
                state.window = windows.open(at);
            }
            if (f.action() == FaultAction.EXEC) {
                exec.closeWindowOnExit(index, state.window);
            }
            out.printf(Locale.ROOT, "fault %d: %s broker %d at %.1fs%n", index, f.action().name().toLowerCase(Locale.ROOT),
                    broker, seconds(at));
        } catch (RuntimeException e) {
            state.error = e.getMessage();
            out.printf(Locale.ROOT, "fault %d: %s did not fire: %s%n", index, f.describe(), e.getMessage());
        }
    }

    /** add-broker, reassign, remove-broker: the window opens as the action starts; it ends when the move is done. */
    private void startMembership(int index, FaultSpec f, Fired state) {
        if (f.action() != FaultAction.ADD_BROKER) {
            membership.awaitEarlierMoves();
        }
        Integer target = f.target() == null ? null : resolver.resolve(f);
        long at = clock.nanoTime();
        state.window = windows.open(at);
        state.startNanos = at;
        state.brokerId = membership.start(index, f, target, state.window, at);
        ReassignmentFigures moving = membership.figures(index);
        out.printf(Locale.ROOT, "fault %d: %s%s at %.1fs%s%n", index, f.action().word(),
                state.brokerId == null ? "" : " broker " + state.brokerId, seconds(at),
                moving == null ? ": joined at " + String.format(Locale.ROOT, "%.1fs", seconds(membership.endNanos(index)))
                        : ": moving " + moving.partitions() + " partition(s), " + moving.replicasAdded()
                                + " replica(s) to broker(s) " + moving.toBrokers());
    }

    /**
     * A roll: its window is open from its start until the last broker is back in sync; the scheduler (and so every later
     * fault) waits for it, as it waits for a move in progress before one.
     */
    private void roll(int index, FaultSpec f, Fired state) {
        membership.awaitEarlierMoves();
        long at = clock.nanoTime();
        state.startNanos = at;
        state.window = windows.open(at);
        out.printf(Locale.ROOT, "fault %d: roll at %.1fs%n", index, seconds(at));
        state.error = rolling.run(index, f.rollOrPlain(), at, line -> out.printf(Locale.ROOT, "fault %d: roll%s%n",
                index, line), nanos -> String.format(Locale.ROOT, "%.1fs", seconds(nanos)));
        long end = clock.nanoTime();
        state.endNanos = end;
        windows.close(state.window, end);
    }

    @Override
    public void end(int index, long nanos) {
        FaultSpec f = spec.faults().get(index);
        Fired state = fired.get(index);
        if (state.startNanos == null) {
            return;
        }
        try {
            long at = clock.nanoTime();
            if (f.action() == FaultAction.PAUSE) {
                cluster.resume(state.brokerId);
            } else if (f.action().isNetwork()) {
                NetworkFaults.heal(cluster, f, state.brokerId);
            } else {
                cluster.restart(state.brokerId, BrokerChange.NONE);
            }
            state.endNanos = at;
            windows.close(state.window, at);
            out.printf(Locale.ROOT, "fault %d: broker %d %s at %.1fs%n", index, state.brokerId, endWord(f), seconds(at));
        } catch (RuntimeException e) {
            state.error = endWord(f) + " failed: " + e.getMessage();
            out.printf(Locale.ROOT, "fault %d: %s%n", index, state.error);
        }
    }

    private static String endWord(FaultSpec f) {
        return f.action() == FaultAction.PAUSE ? "resumed" : f.action().isNetwork() ? "healed" : "restarted";
    }

    /** A restart also ends the fault that stopped the broker: its window closes, its end time is the restart. */
    private void restart(int index, int broker, long at) {
        cluster.restart(broker, BrokerChange.NONE);
        for (int i = 0; i < fired.size(); i++) {
            Fired other = fired.get(i);
            if (i != index && spec.faults().get(i).action().stopsBroker() && other.endNanos == null
                    && other.startNanos != null && other.brokerId != null && other.brokerId == broker) {
                other.endNanos = at;
                windows.close(other.window, at);
            }
        }
    }

    private int restartedBroker(int index) {
        int stop = FaultSpec.previousStop(spec.faults(), index);
        Integer broker = stop < 0 ? null : fired.get(stop).brokerId;
        if (broker == null) {
            throw new IllegalStateException("fault " + stop + ", whose broker this restarts, did not fire");
        }
        return broker;
    }

    private double seconds(long nanos) {
        return (nanos - runStartNanos.getAsLong()) / 1e9;
    }

    /** Stops the schedule, resumes paused brokers, stops exec commands still running, closes every window. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        membership.stopWaiting();
        rolling.stopWaiting();
        scheduler.close();
        // Before the windows close: a move that completes now still ends its own window.
        membership.close();
        long now = clock.nanoTime();
        for (int i = 0; i < fired.size(); i++) {
            Fired state = fired.get(i);
            FaultSpec f = spec.faults().get(i);
            if (f.action() == FaultAction.PAUSE && state.startNanos != null && state.endNanos == null && cluster != null) {
                try {
                    cluster.resume(state.brokerId);
                } catch (RuntimeException e) {
                    state.error = "resume at the end of the run failed: " + e.getMessage();
                }
            }
            if (f.action().isNetwork() && state.startNanos != null && state.endNanos == null && cluster != null) {
                // The proxies close with the cluster; healing here lets the drain after the load run unimpaired.
                NetworkFaults.heal(cluster, f, state.brokerId);
            }
            windows.close(state.window, now);
        }
        exec.close();
        admin.close(Duration.ofSeconds(5));
    }

    /** What happened to each fault, with recovery figures from {@code intervals}; call after {@link #close}. */
    public List<FaultResult> results(List<IntervalPoint> intervals) {
        long zero = runStartNanos.getAsLong();
        long measured = measuredStartNanos.getAsLong();
        double windowEnd = measured == Long.MAX_VALUE || spec.producers().duration() == null ? Double.MAX_VALUE
                : (measured - zero) / 1e9 + spec.producers().duration().toNanos() / 1e9;
        List<FaultResult> results = new ArrayList<>();
        for (int i = 0; i < fired.size(); i++) {
            Fired s = fired.get(i);
            Double start = s.startNanos == null ? null : round((s.startNanos - zero) / 1e9);
            Long endNanos = s.endNanos != null ? s.endNanos : membership.endNanos(i);
            Double end = endNanos == null ? null : round((endNanos - zero) / 1e9);
            FaultRecovery recovery = start == null ? null : RecoveryFigures.of(intervals, start, windowEnd);
            LatencyStats latency = s.window < 0 ? null : windows.latency(s.window);
            long failed = s.window < 0 ? 0 : windows.failures(s.window);
            String error = s.error != null ? s.error : exec.error(i) != null ? exec.error(i) : membership.error(i);
            if (start == null && error == null) {
                // The schedule stopped first: the load ended, or an earlier fault (a joining broker) ran past it.
                error = "the run ended before it fired";
            }
            results.add(new FaultResult(i, spec.faults().get(i), s.brokerId, start, end, error, exec.exitCode(i),
                    exec.output(i), failed, latency, recovery, membership.figures(i), rolling.figures(i, zero, intervals)));
        }
        return results;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
