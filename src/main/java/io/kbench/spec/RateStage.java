package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.Locale;

/**
 * One stage of a changing offered load ({@code producers.stages}, docs/workloads.md#rate-stages): a constant
 * {@code rate} for {@code duration}, or a straight ramp {@code from} one rate {@code to} another over it. Rates are
 * records/s in total over the producer threads, as {@code producers.rate}; the send times are fixed in advance from
 * them, so latency is measured from each record's intended send time in every stage.
 *
 * @param duration how long the stage lasts (above 0, at most 24h)
 * @param rate     records/s held through the stage; exclusive with from/to
 * @param from     a ramp's rate at the stage's start, records/s (0 allowed)
 * @param to       a ramp's rate at its end, records/s (0 allowed, not both 0)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RateStage(Duration duration, Double rate, Double from, Double to) {
    /** Longer than a day is a run of its own. */
    private static final Duration LONGEST = Duration.ofDays(1);
    /** The highest rate a stage may ask for; {@code producers.rate} has no higher meaning on one host. */
    static final double MAX_RATE = 1e9;

    public RateStage {
        if (duration == null) {
            throw new ElementFieldException("duration", "nothing", "is required: how long the stage lasts, e.g. 30s");
        }
        if (duration.isNegative() || duration.isZero() || duration.compareTo(LONGEST) > 0) {
            throw new ElementFieldException("duration", DurationText.format(duration), "must be above 0 and at most 24h");
        }
        if (rate != null && (from != null || to != null)) {
            throw new ElementFieldException("rate", rate, "give rate (a constant stage) or from and to (a ramp), not both");
        }
        if (rate == null && (from == null || to == null)) {
            throw new ElementFieldException(from == null ? "from" : "to", "nothing",
                    "a stage needs rate (e.g. rate: 5000) or both from and to (a ramp, e.g. from: 5000, to: 20000)");
        }
        if (rate != null && !(rate > 0 && rate <= MAX_RATE)) {
            throw new ElementFieldException("rate", rate, "must be above 0 and at most 1e9 records/s");
        }
        if (rate == null) {
            checkRampEnd("from", from);
            checkRampEnd("to", to);
            if (from == 0 && to == 0) {
                throw new ElementFieldException("to", to, "a ramp from 0 to 0 sends nothing; give one end above 0");
            }
        }
    }

    private static void checkRampEnd(String field, double value) {
        if (!(value >= 0 && value <= MAX_RATE)) {
            throw new ElementFieldException(field, value, "must be at least 0 and at most 1e9 records/s");
        }
    }

    /** A constant stage. */
    public static RateStage constant(Duration duration, double rate) {
        return new RateStage(duration, rate, null, null);
    }

    /** A straight ramp. */
    public static RateStage ramp(Duration duration, double from, double to) {
        return new RateStage(duration, null, from, to);
    }

    /** Whether the rate changes through the stage. */
    @JsonIgnore
    public boolean isRamp() {
        return rate == null;
    }

    /** The rate at the stage's start, records/s. */
    @JsonIgnore
    public double startRate() {
        return isRamp() ? from : rate;
    }

    /** The rate at the stage's end, records/s. */
    @JsonIgnore
    public double endRate() {
        return isRamp() ? to : rate;
    }

    /** The records the stage offers per second on average: its records over its duration. */
    @JsonIgnore
    public double meanRate() {
        return (startRate() + endRate()) / 2;
    }

    /** The records the stage offers, in total over the producer threads. */
    @JsonIgnore
    public double offeredRecords() {
        return meanRate() * duration.toNanos() / 1e9;
    }

    /** {@code 5,000 records/s for 30s} or {@code 5,000 -> 20,000 records/s over 30s}. */
    public String text() {
        String length = DurationText.format(duration);
        return isRamp() ? String.format(Locale.ROOT, "%,.0f -> %,.0f records/s over %s", from, to, length)
                : String.format(Locale.ROOT, "%,.0f records/s for %s", rate, length);
    }
}
