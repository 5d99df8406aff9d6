package io.kbench.distributed;

import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;

/** What the coordinator knows of one worker during a run; touched only by the coordinator's thread. */
final class WorkerState {
    final Message.Join join;
    Message.Slice slice;
    long lastSeenNanos = System.nanoTime();
    int assignedPartitions;
    long producedMeasured;
    long consumedMeasured;
    long consumedAll;
    boolean producersFinished;
    boolean lost;
    Message.Done done;

    WorkerState(Message.Join join) {
        this.join = join;
    }

    /** Still expected to send: neither reported its end nor lost. */
    boolean running() {
        return done == null && !lost;
    }

    void heartbeat(Message.Heartbeat h) {
        assignedPartitions = h.assignedPartitions();
        producedMeasured = h.producedMeasured();
        consumedMeasured = h.consumedMeasured();
        consumedAll = h.consumedAll();
        producersFinished = h.producersFinished();
    }

    /** Its part for result.json, with the status it reported (or lost, or interrupted when it never reported). */
    WorkerRun run() {
        if (done != null) {
            return run(done.status());
        }
        return run(lost ? WorkerStatus.LOST : WorkerStatus.INTERRUPTED);
    }

    /**
     * Its part for result.json with {@code status}. The failure (for an interrupted worker: why it stopped) is the
     * worker's own text, so it is kept to one bounded line: the terminal prints it under the worker table.
     */
    WorkerRun run(WorkerStatus status) {
        String failure = done != null ? done.failure() : lost ? "stopped heartbeating" : null;
        return new WorkerRun(join.workerId(), join.host(), join.kbenchVersion(), status,
                failure == null ? null : ControlCodec.Text.line(failure),
                slice == null ? 0 : slice.producerCount(), slice == null ? 0 : slice.consumerCount(),
                join.clockOffsetMicros(), join.clockBoundMicros(), done == null ? null : done.summary());
    }
}
