package io.kbench.load;

import io.kbench.measure.RunMetrics;
import io.kbench.measure.SendWindows;
import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.BacklogPhases.Name;
import io.kbench.result.run.BacklogPhases.Resumed;
import io.kbench.result.run.LatencyStats;
import io.kbench.spec.ConsumerPause;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Runs a backlog phase inside a live run (consumers.pause; docs/backlog.md) from its own thread, the way
 * {@link ConsumerSchedule} runs consumer changes: {@code after} the first measured send it pauses the group consumers,
 * resumes them once the backlog reached its size or age (or the producers ended), and marks the drain when the
 * consumer lag (records acknowledged minus consumed, sampled every 10 ms) is back at or below the highest lag sampled
 * before the pause. Each phase gets a window of {@link SendWindows} for the publish latency of the records sent in it;
 * the consumers' hot path only reads one volatile flag per poll.
 */
final class BacklogPause implements Runnable {
    /** What pauses and resumes the group consumers' fetching ({@link ConsumerFleet#fetching}). */
    interface Fetching {
        void set(FetchState state);
    }

    private static final long SAMPLE_NANOS = 10_000_000L;

    private final ConsumerPause pause;
    private final RunMetrics metrics;
    private final Fetching consumers;
    private final NanoClock clock;
    private final LongSupplier measuredStartNanos;
    private final List<BacklogPhases.Phase> phases = new ArrayList<>();
    /** The SendWindows index of each closed phase (-1: none was free). */
    private final List<Integer> windows = new ArrayList<>();
    private volatile boolean stopped;
    private volatile long producersEndNanos = Long.MAX_VALUE;
    private long zeroNanos = Long.MAX_VALUE;
    private Name phase;
    private int window = -1;
    private long phaseStartNanos;
    private long phaseStartRecords;
    private long phaseStartBytes;
    private long maxLagBefore;
    private Long backlogRecords;
    private Long backlogBytes;
    private Resumed resumedBy;
    private long resumeNanos;
    private long drainNanos = Long.MIN_VALUE;
    private BacklogPhases.Phase catchUp;

    BacklogPause(ConsumerPause pause, RunMetrics metrics, Fetching consumers, NanoClock clock,
                 LongSupplier measuredStartNanos) {
        this.pause = pause;
        this.metrics = metrics;
        this.consumers = consumers;
        this.clock = clock;
        this.measuredStartNanos = measuredStartNanos;
    }

    @Override
    public void run() {
        if (!begin()) {
            return;
        }
        long pauseAt = zeroNanos + pause.after().toNanos();
        if (!sampleUntil(() -> clock.nanoTime() >= pauseAt || producersEnded())
                || producersEnded() || !switchTo(Name.BUILDING)) {
            return;
        }
        long pausedNanos = clock.nanoTime();
        long ageNanos = pause.age() == null ? Long.MAX_VALUE : pause.age().toNanos();
        long size = pause.sizeBytes();
        if (sampleUntil(() -> producersEnded()
                || (size > 0 ? lagBytes() >= size : clock.nanoTime() - pausedNanos >= ageNanos))
                && resume() && sampleUntil(() -> lag() <= maxLagBefore)) {
            switchTo(Name.AFTER);
        }
    }

    /** Waits for the first measured send and opens the before phase there; false when the run stopped first. */
    private boolean begin() {
        while (!stopped && measuredStartNanos.getAsLong() == Long.MAX_VALUE) {
            LockSupport.parkNanos(SAMPLE_NANOS);
        }
        synchronized (this) {
            if (stopped) {
                return false;
            }
            zeroNanos = measuredStartNanos.getAsLong();
            enter(Name.BEFORE, zeroNanos);
            return true;
        }
    }

    /** Notes the backlog and resumes the consumers: the catch-up starts; false when the run stopped first. */
    private synchronized boolean resume() {
        if (stopped) {
            return false;
        }
        resumedBy = producersEnded() ? Resumed.PRODUCERS_ENDED : Resumed.CONDITION;
        backlogRecords = lag();
        backlogBytes = lagBytes();
        resumeNanos = clock.nanoTime();
        enter(Name.CATCH_UP, resumeNanos);
        consumers.set(FetchState.FETCHING);
        return true;
    }

    /** The producers have ended at {@code endNanos}: a pause that still waits resumes, the after phase ends there. */
    void producersEnded(long endNanos) {
        producersEndNanos = endNanos;
    }

    private boolean producersEnded() {
        return producersEndNanos != Long.MAX_VALUE;
    }

    /** The consumer lag: records acknowledged to the producers and not yet consumed. */
    private long lag() {
        return Math.max(0, metrics.producedAll.records() - metrics.consumedAll.records());
    }

    /**
     * The lag in bytes: records waiting times the mean value size sent (producers count values, consumers keys and
     * values, so the two byte counters are not subtracted).
     */
    private long lagBytes() {
        long produced = metrics.producedAll.records();
        return produced == 0 ? 0 : Math.round(lag() * ((double) metrics.producedAll.bytes() / produced));
    }

    /** Samples the lag every 10 ms until {@code done}; false when the run stopped first. */
    private boolean sampleUntil(BooleanSupplier done) {
        while (!stopped) {
            if (phase == Name.BEFORE) {
                maxLagBefore = Math.max(maxLagBefore, lag());
            }
            if (done.getAsBoolean()) {
                return true;
            }
            LockSupport.parkNanos(SAMPLE_NANOS);
        }
        return false;
    }

    /** Closes the current phase now and opens {@code next} (pausing the consumers for building); false once stopped. */
    private synchronized boolean switchTo(Name next) {
        if (stopped) {
            return false;
        }
        long now = clock.nanoTime();
        if (next == Name.AFTER) {
            drainNanos = now;
            if (producersEnded()) {
                // Drained after the producers ended: there is no "after" with producers to show.
                closePhase(now);
                phase = null;
                return true;
            }
        }
        enter(next, now);
        if (next == Name.BUILDING) {
            consumers.set(FetchState.PAUSED);
        }
        return true;
    }

    /** Closes the open phase (if any) at {@code atNanos} and opens {@code next} there. */
    private void enter(Name next, long atNanos) {
        if (phase != null) {
            closePhase(atNanos);
        }
        phase = next;
        phaseStartNanos = atNanos;
        phaseStartRecords = metrics.consumedAll.records();
        phaseStartBytes = metrics.consumedAll.bytes();
        window = metrics.faultWindows.open(atNanos);
    }

    private void closePhase(long atNanos) {
        long end = Math.max(atNanos, phaseStartNanos);
        metrics.faultWindows.close(window, end);
        long nanos = end - phaseStartNanos;
        BacklogPhases.Phase p = new BacklogPhases.Phase(phase, Units.seconds(phaseStartNanos - zeroNanos),
                Units.seconds(end - zeroNanos),
                nanos == 0 ? 0 : Units.perSecond(metrics.consumedAll.records() - phaseStartRecords, nanos),
                nanos == 0 ? 0 : Units.perSecond(Units.mib(metrics.consumedAll.bytes() - phaseStartBytes), nanos),
                null);
        phases.add(p);
        windows.add(window);
        if (phase == Name.CATCH_UP) {
            catchUp = p;
        }
    }

    /**
     * Stops and closes the open phase at the producers' end (or {@code endNanos} for a catch-up still going);
     * returns the figures, the publish latency of each phase taken now that every send was answered.
     */
    synchronized BacklogPhases finish(long endNanos) {
        stopped = true;
        consumers.set(FetchState.FETCHING);
        if (phase != null) {
            closePhase(phase == Name.CATCH_UP || !producersEnded() ? endNanos : Math.min(endNanos, producersEndNanos));
            phase = null;
        }
        List<BacklogPhases.Phase> measured = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            BacklogPhases.Phase p = phases.get(i);
            measured.add(new BacklogPhases.Phase(p.name(), p.startSec(), p.endSec(), p.consumedRecordsPerSec(),
                    p.consumedMiBPerSec(), publish(i)));
        }
        return new BacklogPhases(pause.condition(), resumedBy, backlogRecords,
                backlogBytes == null ? null : Units.mib(backlogBytes),
                drainNanos == Long.MIN_VALUE ? null : Units.seconds(drainNanos - resumeNanos), maxLagBefore,
                catchUp == null ? null : catchUp.consumedRecordsPerSec(),
                catchUp == null ? null : catchUp.consumedMiBPerSec(), measured);
    }

    /** The publish latency of phase {@code i}'s window; null when none was acknowledged or no window was free. */
    private LatencyStats publish(int i) {
        int index = windows.get(i);
        if (index < 0) {
            return null;
        }
        LatencyStats s = metrics.faultWindows.latency(index);
        return s.count() == 0 ? null : s;
    }
}
