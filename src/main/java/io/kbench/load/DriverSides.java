package io.kbench.load;

import io.kbench.measure.IntervalContribution;
import io.kbench.measure.IntervalContributor;
import io.kbench.measure.IntervalReporter;
import io.kbench.result.run.Clients;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The sides of a run that run in driver processes, as {@link LoadPhases} sees them together: one contributor of both
 * sides' intervals to the reporter (asked each interval, as each side's driver starts during the run), what each driver
 * said of itself for the result, and their release on every path.
 */
final class DriverSides implements IntervalContributor {
    /** The longest a tick waits for a driver's interval line (at most half an interval). */
    private static final Duration WAIT = Duration.ofMillis(500);

    private final WorkloadSpec spec;
    private final ProducerSide producers;
    private final ConsumerFleet consumers;

    DriverSides(WorkloadSpec spec, ProducerSide producers, ConsumerFleet consumers) {
        this.spec = spec;
        this.producers = producers;
        this.consumers = consumers;
    }

    /**
     * With a side in a driver, {@code reporter} adds the drivers' intervals to its own before each rolls: the one merge
     * path. The wait for a driver's line is half an interval, at most 500 ms; a later line moves one interval on.
     */
    void attach(IntervalReporter reporter) {
        if (producers instanceof DriverProducers || spec.consumers().client().external()) {
            Duration half = spec.reportInterval().dividedBy(2);
            reporter.withContributors(List.<IntervalContributor>of(this), half.compareTo(WAIT) < 0 ? half : WAIT);
        }
    }

    @Override
    public List<IntervalContribution> take(int index, long deadlineNanos) {
        List<IntervalContribution> all = new ArrayList<>();
        producers.contributors().forEach(c -> all.addAll(c.take(index, deadlineNanos)));
        DriverStream consumerDriver = consumers.driver();
        if (consumerDriver != null) {
            all.addAll(consumerDriver.take(index, deadlineNanos));
        }
        return all;
    }

    /** Says how many driver intervals came too late for their own interval, if any did. */
    void reportLate(IntervalReporter reporter, PrintStream out) {
        if (reporter.lateContributions() > 0) {
            out.printf("drivers: %,d interval(s) came after kbench had closed them and were counted in the next one%n",
                    reporter.lateContributions());
        }
    }

    /** The drivers that ran, as each said of itself when it got ready; null for a Java-only run. */
    Clients clients() {
        DriverStream p = producers instanceof DriverProducers d ? d.driver() : null;
        DriverStream c = consumers.driver();
        return p == null && c == null ? null : new Clients(driver(p), driver(c));
    }

    private static Clients.Driver driver(DriverStream stream) {
        return stream == null ? null
                : new Clients.Driver(stream.ready().client(), stream.ready().clientVersion(), stream.ready().pid());
    }

    /** Ends driver processes still running on a failure path; after a normal end this only tidies (files, hooks). */
    void release() {
        producers.close();
        consumers.close();
    }
}
