package io.kbench.load;

import io.kbench.measure.PartitionGaps;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RebalanceWindow;
import io.kbench.spec.ConsumerChange;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Applies {@code consumers.changes} from its own thread, each {@code at} measured from the start of the measured window
 * (the first measured send, as faults count), and closes a gap window at each change: the window before the first
 * change is the baseline (warm-up included), each later one belongs to the change that opened it.
 */
final class ConsumerSchedule implements Runnable {
    /** What the schedule changes: the running group of consumers. */
    interface Group {
        /** Starts one more consumer. */
        void add();

        /** Stops the most recently started consumer that still runs (it leaves the group as it closes). */
        void removeLatest();
    }

    private final List<ConsumerChange> changes;
    private final PartitionGaps gaps;
    private final Group group;
    private final NanoClock clock;
    private final LongSupplier measuredStartNanos;
    private volatile long zeroNanos = Long.MAX_VALUE;
    private final String groupProtocol;
    private final List<RebalanceWindow> windows = new ArrayList<>();
    private volatile boolean stopped;
    private volatile Throwable failure;
    private double windowStartSec;
    private int windowDelta;
    private int consumers;
    private RebalanceWindow baseline;

    ConsumerSchedule(List<ConsumerChange> changes, int initialConsumers, PartitionGaps gaps, Group group,
                     NanoClock clock, LongSupplier measuredStartNanos, String groupProtocol) {
        this.changes = List.copyOf(changes);
        this.consumers = initialConsumers;
        this.gaps = gaps;
        this.group = group;
        this.clock = clock;
        this.measuredStartNanos = measuredStartNanos;
        this.groupProtocol = groupProtocol;
    }

    @Override
    public void run() {
        try {
            applyChanges();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /** Why a change could not be applied (a consumer could not be created), or null. */
    Throwable failure() {
        return failure;
    }

    private void applyChanges() {
        while (!stopped && measuredStartNanos.getAsLong() == Long.MAX_VALUE) {
            LockSupport.parkNanos(10_000_000L);
        }
        zeroNanos = measuredStartNanos.getAsLong();
        for (ConsumerChange change : changes) {
            long due = zeroNanos + change.at().toNanos();
            while (!stopped && clock.nanoTime() < due) {
                LockSupport.parkNanos(Math.min(due - clock.nanoTime(), 50_000_000L));
            }
            if (stopped) {
                return;
            }
            synchronized (this) {
                if (stopped) {
                    return;
                }
                closeWindow(change.at().toNanos() / Units.NANOS_PER_SECOND);
                windowDelta = change.delta();
                consumers += windowDelta;
            }
            for (int i = 0; i < Math.abs(change.delta()); i++) {
                if (change.delta() > 0) {
                    group.add();
                } else {
                    group.removeLatest();
                }
            }
        }
    }

    /** Stops applying changes and closes the last window at {@code endNanos}; returns what was measured. */
    synchronized RebalanceStats finish(long endNanos) {
        stopped = true;
        long zero = zeroNanos;
        closeWindow(zero == Long.MAX_VALUE ? 0 : Math.max(windowStartSec, Units.seconds(endNanos - zero)));
        return new RebalanceStats(groupProtocol, baseline, windows);
    }

    /** Closes the open window at {@code atSec}; the first one closed is the baseline. */
    private void closeWindow(double atSec) {
        RebalanceWindow w = gaps.takeWindow(windowStartSec, atSec, windowDelta, consumers);
        if (baseline == null) {
            baseline = w;
        } else {
            windows.add(w);
        }
        windowStartSec = atSec;
    }
}
