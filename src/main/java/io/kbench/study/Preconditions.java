package io.kbench.study;

import io.kbench.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a finding's effect needs, checked against the sweep it belongs to (see {@link NeedsSpec} for each one's
 * meaning and {@link PreconditionCheck} for how each is measured).
 *
 * @param needed          the conditions declared
 * @param queueShareBelow the largest send-delay share of the latency p99, with {@link Precondition#QUEUE_SHARE_BELOW}
 * @param ranges          path -> the claim's range, with {@link Precondition#RANGE}; in declaration order
 */
public record Preconditions(Set<Precondition> needed, Double queueShareBelow, Map<String, Range> ranges) {
    /**
     * From this share of CPU quota periods throttled a broker is held at its quota (the same threshold as the
     * diagnosis's broker-CPU rule, docs/diagnosis.md): it has no CPU left for more threads to use.
     */
    public static final double THROTTLED_PERCENT = 25;
    /**
     * From this utilisation a broker's disk is near its limit (the same threshold as the diagnosis's disk rule,
     * docs/diagnosis.md).
     */
    public static final double DISK_BUSY_PERCENT = 80;
    /** A finding that needs nothing. */
    public static final Preconditions NONE = new Preconditions(Set.of(), null, Map.of());

    /**
     * A setting's range as the claim states it.
     *
     * @param min smallest value the claim covers
     * @param max largest value it covers
     */
    public record Range(double min, double max) {
        boolean contains(double v) {
            return v >= min && v <= max;
        }

        @Override
        public String toString() {
            return number(min) + ".." + number(max);
        }
    }

    public Preconditions {
        needed = needed.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(needed));
        ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
    }

    /** Whether the finding declared nothing to check. */
    public boolean isEmpty() {
        return needed.isEmpty();
    }

    /** Checks {@code spec} (the finding at {@code at}) against the sweep's varied paths; NONE for an absent spec. */
    static Preconditions of(String at, NeedsSpec spec, Map<String, Set<String>> varied) {
        if (spec == null) {
            return NONE;
        }
        Set<Precondition> needed = EnumSet.noneOf(Precondition.class);
        if (Boolean.TRUE.equals(spec.notThrottled())) {
            needed.add(Precondition.NOT_THROTTLED);
        }
        if (Boolean.TRUE.equals(spec.pageCacheExceeded())) {
            needed.add(Precondition.PAGE_CACHE_EXCEEDED);
        }
        if (spec.queueShareBelow() != null) {
            if (!(spec.queueShareBelow() > 0 && spec.queueShareBelow() <= 1)) {
                throw InvalidInputException.field(at + ".needs.queueShareBelow", spec.queueShareBelow(),
                        "needs a share in (0, 1] such as 0.5");
            }
            needed.add(Precondition.QUEUE_SHARE_BELOW);
        }
        if (Boolean.TRUE.equals(spec.steady())) {
            needed.add(Precondition.STEADY);
        }
        if (Boolean.TRUE.equals(spec.bytesLimited())) {
            needed.add(Precondition.BYTES_LIMITED);
        }
        if (Boolean.TRUE.equals(spec.loadGeneratorHeadroom())) {
            needed.add(Precondition.LOAD_GENERATOR_HEADROOM);
        }
        if (Boolean.TRUE.equals(spec.diskBusy())) {
            needed.add(Precondition.DISK_BUSY);
        }
        Map<String, Range> ranges = new LinkedHashMap<>();
        if (spec.range() != null) {
            spec.range().forEach((path, bounds) -> ranges.put(path, range(at + ".needs.range." + path, path, bounds, varied)));
            if (!ranges.isEmpty()) {
                needed.add(Precondition.RANGE);
            }
        }
        if (needed.isEmpty()) {
            throw InvalidInputException.field(at + ".needs", "{}", "needs at least one of notThrottled, pageCacheExceeded, "
                    + "queueShareBelow, range, steady, bytesLimited, loadGeneratorHeadroom or diskBusy");
        }
        return new Preconditions(needed, spec.queueShareBelow(), ranges);
    }

    private static Range range(String at, String path, List<Double> bounds, Map<String, Set<String>> varied) {
        if (!varied.containsKey(path)) {
            throw InvalidInputException.field(at, "'" + path + "'", "is not varied by this sweep; varied: "
                    + String.join(", ", varied.keySet()));
        }
        if (bounds == null || bounds.size() != 2 || bounds.get(0) == null || bounds.get(1) == null
                || !(bounds.get(0) <= bounds.get(1))) {
            throw InvalidInputException.field(at, bounds, "needs [min, max] with min <= max");
        }
        return new Range(bounds.get(0), bounds.get(1));
    }

    /** The conditions in words, for the rule shown with the verdict. */
    public String text() {
        List<String> parts = new ArrayList<>();
        for (Precondition p : needed) {
            parts.add(switch (p) {
                case NOT_THROTTLED -> "brokers throttled in under " + number(THROTTLED_PERCENT) + "% of their CPU quota periods";
                case PAGE_CACHE_EXCEEDED -> "more data written than the brokers' page cache holds";
                case QUEUE_SHARE_BELOW -> "the producer's send delay p99 under " + number(queueShareBelow * 100)
                        + "% of the latency p99";
                case RANGE -> "within the claim's range: " + rangesText();
                case STEADY -> "every compared run steady over its window (no drift)";
                case BYTES_LIMITED -> "bytes the limit at some compared point (its brokers' disk " + number(DISK_BUSY_PERCENT)
                        + "% busy or more, or an external cluster's network)";
                case LOAD_GENERATOR_HEADROOM -> "the load generator's CPU the limit in under half of each compared point's runs";
                case DISK_BUSY -> "the brokers' disk " + number(DISK_BUSY_PERCENT) + "% busy or more at some compared point";
            });
        }
        return String.join("; ", parts);
    }

    private String rangesText() {
        List<String> parts = new ArrayList<>();
        ranges.forEach((path, r) -> parts.add(io.kbench.result.OverridePaths.shortName(path) + " " + r));
        return String.join(", ", parts);
    }

    static String number(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v);
    }
}
