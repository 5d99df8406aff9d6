package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.SliceWindows;
import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;
import org.junit.jupiter.api.Test;

/**
 * What the coordinator makes of a worker's report that its slice was interrupted: after a stop it sent, nothing more;
 * without one (the worker's own SIGTERM, its coordinator silent for 15 s, a stop sealed by another key holder), the
 * run fails naming the worker and its reason, said once on the coordinator's log, unless worker loss is tolerated.
 */
class WorkerWatchTest {
    private static final String SIGTERM = "the worker process is shutting down (SIGTERM, Ctrl-C, or a local worker's"
            + " coordinator gone)";

    private static WorkerState joined(WorkerWatch watch, String id) {
        WorkerState w = new WorkerState(new Message.Join("run-1", id, "h", "1.0", 0, 100));
        watch.add(w);
        return w;
    }

    private static Message.Done done(String id, WorkerStatus status, String failure) {
        return new Message.Done("run-1", id, status, failure, null, new SliceWindows(1, 2, 3, 4));
    }

    @Test
    void aWorkerStoppedWithoutTheCoordinatorsStopFailsTheRunNamingItsReason() {
        WorkerWatch watch = new WorkerWatch(null, "run-1", false);
        WorkerState w1 = joined(watch, "w1");
        joined(watch, "w2");
        watch.handle(w1, done("w1", WorkerStatus.INTERRUPTED, SIGTERM));
        String why = "worker w1 stopped before the run ended: " + SIGTERM;
        assertThat(watch.failure()).isEqualTo(why);
        assertThat(watch.takeNotes()).containsExactly(why);
        assertThat(watch.takeNotes()).as("said once").isEmpty();
        assertThat(w1.run()).extracting(WorkerRun::status, WorkerRun::failure)
                .containsExactly(WorkerStatus.INTERRUPTED, SIGTERM);
        assertThat(watch.anyRunning()).as("w2 still runs until the stop reaches it").isTrue();
    }

    @Test
    void afterTheCoordinatorsOwnStopAnInterruptedWorkerIsNoFailure() {
        WorkerWatch watch = new WorkerWatch(null, "run-1", false);
        WorkerState w1 = joined(watch, "w1");
        watch.stopSent();
        watch.handle(w1, done("w1", WorkerStatus.INTERRUPTED, "interrupted on the coordinator"));
        assertThat(watch.failure()).isNull();
        assertThat(watch.takeNotes()).isEmpty();
        assertThat(w1.run().failure()).as("what stopped it, in its entry").isEqualTo("interrupted on the coordinator");
        assertThat(watch.anyRunning()).isFalse();
    }

    @Test
    void withWorkerLossToleratedTheRunGoesOnAndSaysSo() {
        WorkerWatch watch = new WorkerWatch(null, "run-1", true);
        WorkerState w1 = joined(watch, "w1");
        watch.handle(w1, done("w1", WorkerStatus.INTERRUPTED, "no word from the coordinator for 15 s"));
        assertThat(watch.failure()).isNull();
        assertThat(watch.takeNotes()).containsExactly("worker w1 stopped before the run ended: no word from the"
                + " coordinator for 15 s; the run goes on without it (--tolerate-worker-loss)");
    }

    @Test
    void aReasonFromTheTopicIsOneBoundedLineEverywhere() {
        WorkerWatch watch = new WorkerWatch(null, "run-1", false);
        WorkerState w1 = joined(watch, "w1");
        String hostile = "forged\n\u001b[2Jkbench: error: all brokers lost " + "x".repeat(500);
        watch.handle(w1, done("w1", WorkerStatus.INTERRUPTED, hostile));
        assertThat(watch.failure()).doesNotContain("\n").doesNotContain("\u001b")
                .startsWith("worker w1 stopped before the run ended: forged  [2Jkbench: error: all brokers lost xxx")
                .hasSizeLessThan(260);
        assertThat(w1.run().failure()).doesNotContain("\n").doesNotContain("\u001b").hasSize(203).endsWith("...");
        WorkerWatch silent = new WorkerWatch(null, "run-1", false);
        WorkerState w2 = joined(silent, "w2");
        silent.handle(w2, done("w2", WorkerStatus.INTERRUPTED, null));
        assertThat(silent.failure()).isEqualTo("worker w2 stopped before the run ended: it gave no reason");
    }

    @Test
    void aCompletedOrFailedReportIsNoEarlyStop() {
        WorkerWatch watch = new WorkerWatch(null, "run-1", false);
        WorkerState w1 = joined(watch, "w1");
        WorkerState w2 = joined(watch, "w2");
        watch.handle(w1, done("w1", WorkerStatus.COMPLETED, null));
        assertThat(watch.failure()).isNull();
        watch.handle(w2, done("w2", WorkerStatus.FAILED, "producer failed: boom"));
        assertThat(watch.failure()).isEqualTo("worker w2: producer failed: boom");
        assertThat(watch.takeNotes()).isEmpty();
    }
}
