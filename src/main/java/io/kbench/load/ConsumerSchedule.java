package io.kbench.load;

import io.kbench.measure.PartitionGaps;
import io.kbench.result.RebalanceStats;
import io.kbench.result.RebalanceWindow;
import io.kbench.spec.ConsumerChange;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Applies {@code consumers.changes} on the run's clock from its own thread, and closes a gap window at each change:
 * the window before the first change is the baseline, each later one belongs to the change that opened it.
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
    private final long runStartNanos;
    private final String groupProtocol;
    private final List<RebalanceWindow> windows = new ArrayList<>();
    private volatile boolean stopped;
    private double windowStartSec;
    private int windowDelta;
    private int consumers;
    private RebalanceWindow baseline;

    ConsumerSchedule(List<ConsumerChange> changes, int initialConsumers, PartitionGaps gaps, Group group,
                     NanoClock clock, long runStartNanos, String groupProtocol) {
        this.changes = List.copyOf(changes);
        this.consumers = initialConsumers;
        this.gaps = gaps;
        this.group = group;
        this.clock = clock;
        this.runStartNanos = runStartNanos;
        this.groupProtocol = groupProtocol;
    }

    @Override
    public void run() {
        for (ConsumerChange change : changes) {
            long due = runStartNanos + change.at().toNanos();
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
        closeWindow(Units.seconds(endNanos - runStartNanos));
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
