package io.kbench.load;

import io.kbench.driver.DriverProperties;
import io.kbench.driver.DriverRole;
import io.kbench.driver.DriverSlice;
import io.kbench.spec.ConsumerSpec;
import java.util.List;

/**
 * A run's live consumers in a driver process of another client (consumers.client, docs/drivers.md): one process for
 * the slice's consumers, each its own client in the run's group. {@link ConsumerFleet} starts it instead of Java
 * consumers and answers for it (assignment, window, failure); it reads until kbench sends {@code stop}.
 */
final class DriverConsumers {
    /** Consumers stop polling at a stop; the grace only bounds their clients' close. */
    private static final long STOP_GRACE_MS = 2_000;

    private final LoadRun run;
    private volatile DriverStream stream;

    DriverConsumers(LoadRun run) {
        this.run = run;
    }

    /** Starts consumers {@code first .. first+count-1} and returns the thread that follows them until their end. */
    List<Thread> start(int first, int count) {
        ConsumerSpec c = run.spec().consumers();
        DriverSlice slice = new DriverSlice(DriverSlice.CONTRACT, DriverProducers.runId(run), DriverRole.CONSUMERS,
                run.clients().bootstrapServers(), run.topic(), run.stampMagic(), DriverProducers.clockOffsetNanos(run),
                run.spec().reportInterval().toNanos(),
                DriverProperties.map(c.client(), DriverRole.CONSUMERS, c.properties(), run.clients().connection()),
                null, new DriverSlice.SliceConsumers(first, count, run.consumerGroup()));
        stream = DriverStream.launch(run.drivers(), c.client(), slice, run.metrics());
        if (run.stop().requested()) {
            stream.stop(0);
        }
        return List.of(StopSignal.start(stream::follow, "kbench-driver-consumers"));
    }

    /** The common start: the consumers' intervals count from it, as the producers' do. */
    void started(long startNanos) {
        stream.started(startNanos);
    }

    void requestStop() {
        stream.stop(STOP_GRACE_MS);
    }

    void stopNow() {
        stream.stop(0);
    }

    DriverStream stream() {
        return stream;
    }
}
