package io.kbench.distributed;

import io.kbench.spec.ConsumerMode;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * A distributed run from its start to the last worker's report: merges the intervals as they arrive, tells the
 * workers to finish once the consumers drained what was produced, and to stop on Ctrl-C or a failure, leaving out
 * the ones lost or too slow to report.
 */
final class RunFollower {
    /** After a stop, how long the workers get to report before they are left out. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(8);

    private final WorkloadSpec spec;
    private final Channel channel;
    private final String runId;
    private final WorkerWatch watch;
    private final WorkerIntervalMerger merger;
    private final MergedIntervals intervals;
    private final PrintStream out;
    private final BooleanSupplier stopRequested;

    RunFollower(WorkloadSpec spec, Channel channel, String runId, WorkerWatch watch, MergedIntervals intervals,
                PrintStream out, BooleanSupplier stopRequested) {
        this.spec = spec;
        this.channel = channel;
        this.runId = runId;
        this.watch = watch;
        this.merger = new WorkerIntervalMerger(watch.ids());
        this.intervals = intervals;
        this.out = out;
        this.stopRequested = stopRequested;
        watch.mergeInto(merger);
    }

    /** Merges intervals as they arrive until every worker reported (or was lost), stopping them when needed. */
    void follow() {
        boolean finishSent = false;
        boolean stopSent = false;
        long stopDeadline = Long.MAX_VALUE;
        long consumedSeen = -1;
        long lastConsumedProgress = System.nanoTime();
        while (watch.anyRunning()) {
            watch.receive();
            intervals.emit(merger.ready());
            watch.takeNotes().forEach(n -> out.println("coordinator: " + n));
            long now = System.nanoTime();
            String lost = watch.lostWorker();
            if (lost != null) {
                watch.lose(lost);
                out.println("coordinator: " + watch.lostMessage(lost));
            }
            boolean stopping = stopRequested.getAsBoolean();
            if ((stopping || watch.failure() != null) && !stopSent) {
                watch.stopSent();
                channel.send(new Message.Stop(runId, stopping ? "interrupted on the coordinator" : watch.failure()));
                stopSent = true;
                stopDeadline = now + STOP_GRACE.toNanos();
            }
            if (now > stopDeadline) {
                watch.loseRunning();
            }
            long consumed = watch.all().stream().mapToLong(w -> w.consumedAll).sum();
            if (consumed != consumedSeen) {
                consumedSeen = consumed;
                lastConsumedProgress = now;
            }
            if (!finishSent && drained(now - lastConsumedProgress)) {
                channel.send(new Message.Finish(runId));
                finishSent = true;
            }
        }
        intervals.emit(merger.ready());
        intervals.emit(merger.flush());
    }

    /** Whether consumers may stop: all producers finished and all they produced was consumed, or nothing came. */
    private boolean drained(long idleNanos) {
        if (!watch.all().stream().allMatch(w -> w.producersFinished || !w.running())) {
            return false;
        }
        if (spec.consumers().mode() != ConsumerMode.LIVE || spec.consumers().count() == 0) {
            return true;
        }
        long produced = watch.all().stream().mapToLong(w -> w.producedMeasured).sum();
        long consumed = watch.all().stream().mapToLong(w -> w.consumedMeasured).sum();
        if (consumed >= produced) {
            return true;
        }
        if (idleNanos > spec.consumers().idleTimeout().toNanos()) {
            out.printf(Locale.ROOT, "consumers: no records for %s; stopping with %,d of %,d%n",
                    DurationText.format(spec.consumers().idleTimeout()), consumed, produced);
            return true;
        }
        return false;
    }
}
