package io.kbench.load;

import io.kbench.measure.IntervalReporter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * The one interval clock of every kind of run (whole, backlog, share group, a worker's slice): closes an interval of
 * the {@link IntervalReporter} every report interval on its own daemon thread, tells the {@link IntervalTicks}
 * observer, and closes the last, partial interval when the run ends.
 */
final class IntervalTicker implements AutoCloseable {
    private final NanoClock clock;
    private final IntervalTicks ticks;
    private final ScheduledExecutorService executor =
            Executors.newSingleThreadScheduledExecutor(r -> StopSignal.daemon(r, "kbench-reporter"));
    private volatile IntervalReporter reporter;
    private volatile LongConsumer afterTick = now -> { };
    private final CpuTrace jvmCpu;

    IntervalTicker(NanoClock clock, IntervalTicks ticks) {
        this(clock, ticks, new CpuTrace());
    }

    /** A ticker that also reads kbench's JVM CPU into {@code jvmCpu} when it is scheduled and at each tick. */
    IntervalTicker(NanoClock clock, IntervalTicks ticks, CpuTrace jvmCpu) {
        this.clock = clock;
        this.ticks = ticks;
        this.jvmCpu = jvmCpu;
    }

    /** The reporter whose intervals this closes; from now on {@link #close} closes its last interval. */
    void use(IntervalReporter intervals) {
        this.reporter = intervals;
    }

    /** Also calls {@code judge} with each tick's time, after the interval's line (an auto warm-up judges it). */
    void alsoOnTick(LongConsumer judge) {
        this.afterTick = judge;
    }

    /** Ticks every {@code intervalNanos}, the first time at {@code firstTickNanos} (or at once if that has passed). */
    void schedule(long firstTickNanos, long intervalNanos) {
        jvmCpu.readJvm(clock.nanoTime());
        executor.scheduleAtFixedRate(this::tick, Math.max(0, firstTickNanos - clock.nanoTime()), intervalNanos,
                TimeUnit.NANOSECONDS);
    }

    /** Stops ticking and closes the last interval. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (reporter != null) {
            tick();
        }
    }

    private void tick() {
        long now = clock.nanoTime();
        jvmCpu.readJvm(now); // before the tick, which may wait for a driver's line
        reporter.tick(now);
        afterTick.accept(now);
        ticks.ticked(now);
    }
}
