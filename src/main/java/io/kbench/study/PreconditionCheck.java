package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.OverridePaths;
import io.kbench.result.Spread;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.sweep.SweepResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Measures a finding's {@link Preconditions} on the points it compares. A failed one makes the group "not testable
 * here" with the measured figure; one the runs did not measure makes it "not measured"; neither is ever judged as
 * held or contradicted, because the claim's cause was absent (or unknown) where kbench looked.
 */
final class PreconditionCheck {
    private PreconditionCheck() {
    }

    /**
     * Why a group cannot be judged.
     *
     * @param outcome not testable (measured and failed) or not measured
     * @param reason  the measured reason, in words with units
     */
    record Unmet(FindingOutcome outcome, String reason) {
        static Unmet notTestable(String reason) {
            return new Unmet(FindingOutcome.NOT_TESTABLE, "not testable here: " + reason);
        }

        static Unmet notMeasured(String reason) {
            return new Unmet(FindingOutcome.NOT_MEASURED, "not measured: " + reason);
        }
    }

    /** Why {@code p} lies outside the claim's stated range of a setting; empty when it lies within every one. */
    static Optional<String> outsideRange(Preconditions pre, SweepResult.Point p) {
        for (Map.Entry<String, Preconditions.Range> e : pre.ranges().entrySet()) {
            JsonNode v = p.overrides().get(e.getKey());
            if (v == null || !v.isNumber() || !e.getValue().contains(v.asDouble())) {
                return Optional.of(OverridePaths.shortName(e.getKey()) + "=" + (v == null ? "unset" : v.asText())
                        + " lies outside the claim's range " + e.getValue());
            }
        }
        return Optional.empty();
    }

    /** The first precondition (other than the range) that fails or was not measured on {@code compared}. */
    static Optional<Unmet> check(Finding f, List<SweepResult.Point> compared) {
        Preconditions pre = f.needs();
        if (pre.needed().contains(Precondition.QUEUE_SHARE_BELOW)) {
            for (SweepResult.Point p : compared) {
                Optional<Unmet> u = queued(f, pre.queueShareBelow(), p);
                if (u.isPresent()) {
                    return u;
                }
            }
        }
        if (pre.needed().contains(Precondition.NOT_THROTTLED)) {
            for (SweepResult.Point p : compared) {
                Optional<Unmet> u = throttled(p);
                if (u.isPresent()) {
                    return u;
                }
            }
        }
        if (pre.needed().contains(Precondition.STEADY)) {
            for (SweepResult.Point p : compared) {
                Optional<Unmet> u = drifting(p);
                if (u.isPresent()) {
                    return u;
                }
            }
        }
        if (pre.needed().contains(Precondition.BYTES_LIMITED)) {
            Optional<Unmet> u = bytesLimited(compared);
            if (u.isPresent()) {
                return u;
            }
        }
        if (pre.needed().contains(Precondition.DISK_BUSY)) {
            Optional<Unmet> u = diskBusy(compared);
            if (u.isPresent()) {
                return u;
            }
        }
        if (pre.needed().contains(Precondition.LOAD_GENERATOR_HEADROOM)) {
            for (SweepResult.Point p : compared) {
                Optional<Unmet> u = loadGeneratorLimited(p);
                if (u.isPresent()) {
                    return u;
                }
            }
        }
        if (pre.needed().contains(Precondition.PAGE_CACHE_EXCEEDED)) {
            return pageCache(compared);
        }
        return Optional.empty();
    }

    /**
     * Holds when the load generator's CPU was the limit, or a fixed-rate run's busiest resource, in fewer than half of
     * {@code p}'s runs. A run that kept its rate with the load generator busiest still measures it: its consumers
     * share that CPU, so their lag is in the end-to-end latency.
     */
    private static Optional<Unmet> loadGeneratorLimited(SweepResult.Point p) {
        PointConditions c = p.conditions();
        if (c == null || c.loadGeneratorLimitedRuns() == null || c.loadGeneratorBusiestRuns() == null
                || p.summary() == null) {
            return Optional.of(Unmet.notMeasured("what limited the runs at " + p.name() + " was not recorded (results"
                    + " kept before kbench recorded it, or telemetry off); re-run the sweep"));
        }
        int runs = p.summary().runs();
        int busy = c.loadGeneratorLimitedRuns() + c.loadGeneratorBusiestRuns();
        if (2 * busy >= runs) {
            return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "at %s the load generator's own CPU was the "
                    + "limit in %d and the busiest resource in %d of %d runs (result.json diagnosis): the producers and "
                    + "consumers share the host with the brokers, so the figure there is the load generator's (its queueing, "
                    + "its pace), not the cluster's", p.name(), c.loadGeneratorLimitedRuns(), c.loadGeneratorBusiestRuns(), runs)));
        }
        return Optional.empty();
    }

    private static Optional<Unmet> throttled(SweepResult.Point p) {
        PointConditions c = p.conditions();
        if (c != null && c.cpuQuotaCores() == null) {
            return Optional.empty(); // no CPU quota: nothing can throttle these brokers
        }
        if (c == null || c.brokerThrottledPercent() == null) {
            return Optional.of(Unmet.notMeasured("broker CPU throttling was not sampled at " + p.name()
                    + " (results kept before kbench read the cgroup's cpu.stat, or telemetry off); re-run the sweep"));
        }
        Spread t = c.brokerThrottledPercent();
        if (t.median() >= Preconditions.THROTTLED_PERCENT) {
            return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "at %s a broker was throttled in %.0f%% of its "
                    + "CPU quota periods (%s cores; median of %d runs; the claim needs under %.0f%%): a broker held at its "
                    + "quota has no CPU left for another setting to use", p.name(), t.median(),
                    Preconditions.number(c.cpuQuotaCores()), t.count(), Preconditions.THROTTLED_PERCENT)));
        }
        return Optional.empty();
    }

    private static Optional<Unmet> queued(Finding f, double share, SweepResult.Point p) {
        String group = f.metric().isLatency() ? f.metric().group() : "publish";
        Spread delay = p.summary() == null ? null : p.summary().spread("sendDelay", "p99");
        Spread latency = p.summary() == null ? null : p.summary().spread(group, "p99");
        if (latency != null && "actualSendTime".equals(p.summary().latencyMeasuredFrom())) {
            // Open load: no send schedule, so no send delay to split out; every producer fills its buffer and the p99
            // is how long a record waits behind it.
            return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "at %s the producers ran at open load (no "
                    + "producers.rate, so no send schedule to measure the queue against): its %s p99 of %,.1f ms (median "
                    + "of %d runs) measures how deep the producers' buffers are, not the setting; a latency claim needs a "
                    + "fixed rate below capacity", p.name(), group, latency.median() / 1000, latency.count())));
        }
        if (delay == null || latency == null || latency.median() <= 0) {
            return Optional.of(Unmet.notMeasured("the send delay or the " + group + " p99 was not measured at " + p.name()));
        }
        double measured = delay.median() / latency.median();
        if (measured >= share) {
            return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "at %s the producer's own send delay p99 "
                    + "(%,.1f ms) is %.0f%% of the %s p99 (%,.1f ms; medians of %d runs; the claim needs under %.0f%%): the "
                    + "latency measures the producer's queue, not the setting", p.name(), delay.median() / 1000,
                    measured * 100, group, latency.median() / 1000, latency.count(), share * 100)));
        }
        return Optional.empty();
    }

    /**
     * Holds when bytes may limit some compared point: its brokers' disk was busy {@link Preconditions#DISK_BUSY_PERCENT}%
     * or more (median of its runs), or the cluster is external (kbench sees no page cache there, and cannot see whether
     * the network between the hosts is the limit). The embedded brokers talk over loopback, which has no bandwidth
     * limit, so there only the disk can make bytes the limit.
     */
    private static Optional<Unmet> bytesLimited(List<SweepResult.Point> compared) {
        return diskBelowBusy(compared, External.PASSES, "results kept before kbench recorded it, or telemetry off",
                " and embedded brokers talk over loopback, which has no bandwidth limit: bytes were not the limit, so "
                + "sending fewer cannot buy throughput");
    }

    /**
     * Holds when the brokers' disk was busy {@link Preconditions#DISK_BUSY_PERCENT}% or more (median of its runs) at some
     * compared point. Unlike {@link #bytesLimited}, an external cluster is no pass: a filesystem's or a disk's stalls
     * reach the latency only where the disk has work queued, wherever the brokers run.
     */
    private static Optional<Unmet> diskBusy(List<SweepResult.Point> compared) {
        return diskBelowBusy(compared, External.MEASURED, "telemetry off, an external cluster without "
                + "--node-exporter-url, or results kept before kbench recorded it", ": a disk or filesystem can stall the "
                + "latency only where the disk has work queued");
    }

    /** What an external cluster (no page cache recorded) means for a disk precondition. */
    private enum External {
        /** Its network, which kbench cannot see, may be the limit: the precondition holds. */
        PASSES,
        /** Judged by its disk like an embedded one (through the node exporter). */
        MEASURED
    }

    /** Unmet when no compared point's brokers' disk was busy; {@code unsampled}: why a figure may be missing. */
    private static Optional<Unmet> diskBelowBusy(List<SweepResult.Point> compared, External external, String unsampled,
                                                 String consequence) {
        SweepResult.Point busiest = null;
        for (SweepResult.Point p : compared) {
            PointConditions c = p.conditions();
            if (external == External.PASSES && c != null && c.pageCacheBytes() == null) {
                return Optional.empty(); // only embedded brokers record a page cache: external, its network may limit
            }
            if (c == null || c.diskUtilPercent() == null) {
                return Optional.of(Unmet.notMeasured("the brokers' disk utilisation was not sampled at " + p.name()
                        + " (" + unsampled + "); re-run the sweep"));
            }
            if (c.diskUtilPercent().median() >= Preconditions.DISK_BUSY_PERCENT) {
                return Optional.empty();
            }
            if (busiest == null || c.diskUtilPercent().median() > busiest.conditions().diskUtilPercent().median()) {
                busiest = p;
            }
        }
        Spread disk = busiest.conditions().diskUtilPercent();
        return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "the brokers' disk was at most %.1f%% busy (at %s; "
                + "median of %d runs; the claim needs %s%% or more at some compared point)%s", disk.median(), busiest.name(),
                disk.count(), Preconditions.number(Preconditions.DISK_BUSY_PERCENT), consequence)));
    }

    /** Holds when every repetition of {@code p} was judged steady over its window. */
    private static Optional<Unmet> drifting(SweepResult.Point p) {
        PointConditions c = p.conditions();
        if (c == null || c.steadyRuns() == null) {
            return Optional.of(Unmet.notMeasured("drift was not judged at " + p.name()
                    + " (results kept before kbench judged it); re-run the sweep"));
        }
        int runs = c.steadyRuns() + c.driftingRuns() + c.tooShortRuns();
        if (c.driftingRuns() > 0) {
            return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "at %s %d of %d runs drifted over their "
                    + "window (result.json drift): a drifting run's average is no level to compare", p.name(),
                    c.driftingRuns(), runs)));
        }
        if (c.tooShortRuns() > 0) {
            return Optional.of(Unmet.notMeasured(String.format(Locale.ROOT, "at %s %d of %d runs were too short to tell "
                    + "a steady state from a trend (10 whole intervals needed)", p.name(), c.tooShortRuns(), runs)));
        }
        return Optional.empty();
    }

    /** Holds when some compared point wrote more than the page cache holds. */
    private static Optional<Unmet> pageCache(List<SweepResult.Point> compared) {
        SweepResult.Point largest = null;
        for (SweepResult.Point p : compared) {
            PointConditions c = p.conditions();
            if (c == null || c.writtenBytes() == null || c.pageCacheBytes() == null) {
                return Optional.of(Unmet.notMeasured("the data written and the page cache size were not recorded at "
                        + p.name() + " (results kept before kbench recorded them); re-run the sweep"));
            }
            if (c.writtenBytes().median() > c.pageCacheBytes()) {
                return Optional.empty();
            }
            if (largest == null || c.writtenBytes().median() > largest.conditions().writtenBytes().median()) {
                largest = p;
            }
        }
        PointConditions c = largest.conditions();
        return Optional.of(Unmet.notTestable(String.format(Locale.ROOT, "the most any compared point wrote was %s per run "
                + "(%s), within the %s the brokers' page cache can hold: the disk never had to serve what the page cache "
                + "could not", gib(c.writtenBytes().median()), largest.name(), gib(c.pageCacheBytes()))));
    }

    /** Bytes in GiB, or MiB under one GiB (1 MiB = 1,048,576 bytes, as Kafka's tools count). */
    private static String gib(double bytes) {
        double gib = bytes / (1024.0 * 1024 * 1024);
        return gib >= 1 ? String.format(Locale.ROOT, "%,.2f GiB", gib)
                : String.format(Locale.ROOT, "%,.1f MiB", bytes / (1024.0 * 1024));
    }
}
