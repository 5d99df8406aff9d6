package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A rate curve kbench turns into {@code producers.stages} (docs/workloads.md#rate-shapes): a day's traffic compressed
 * into a period, or bursts on a period over a base rate. Exactly one of the two.
 *
 * @param daily  a day in {@code period}: 24 ramps through a raised cosine from {@code low} at 04:00 to {@code high} at
 *               16:00, the day starting at midnight
 * @param bursts {@code count} periods of {@code every}, each at {@code base} and then {@code burst} for its last
 *               {@code length}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RateShape(Daily daily, Bursts bursts) {
    /** Hours in the day {@link Daily} compresses, one ramp each. */
    static final int HOURS = 24;

    public RateShape {
        if ((daily == null) == (bursts == null)) {
            throw InvalidInputException.field("producers.shape", daily == null ? "neither daily nor bursts"
                    : "daily and bursts", "give exactly one: daily {period, low, high} or bursts {base, burst, every,"
                    + " length, count}");
        }
    }

    /** The stages this shape stands for. */
    public List<RateStage> stages() {
        return daily != null ? daily.stages() : bursts.stages();
    }

    /** The shape in words, for the run header and the offered load. */
    public String text() {
        return daily != null ? daily.text() : bursts.text();
    }

    /**
     * A day compressed into {@code period}: the rate at hour h is low + (high - low) * (1 - cos(2π (h - 4) / 24)) / 2,
     * lowest at 04:00 and highest at 16:00, and each hour of the day is a straight ramp between its two ends.
     *
     * @param period how long the day lasts in the run (24 s to 24h; a multiple of 24 ms)
     * @param low    records/s at 04:00 (0 allowed)
     * @param high   records/s at 16:00, above low
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Daily(Duration period, Double low, Double high) {
        public Daily {
            if (period == null || period.compareTo(Duration.ofSeconds(HOURS)) < 0 || period.compareTo(Duration.ofDays(1)) > 0
                    || period.toMillis() % HOURS != 0) {
                throw InvalidInputException.field("producers.shape.daily.period",
                        period == null ? "nothing" : DurationText.format(period),
                        "must be 24s to 24h and a whole number of milliseconds an hour (a multiple of 24ms)");
            }
            if (low == null || !(low >= 0 && low <= RateStage.MAX_RATE)) {
                throw InvalidInputException.field("producers.shape.daily.low", low == null ? "nothing" : low,
                        "must be at least 0 and at most 1e9 records/s");
            }
            if (high == null || !(high > low && high <= RateStage.MAX_RATE)) {
                throw InvalidInputException.field("producers.shape.daily.high", high == null ? "nothing" : high,
                        "must be above low (" + low + ") and at most 1e9 records/s");
            }
        }

        /**
         * Records/s at hour {@code h} of the day (0 to 24), to a thousandth of a record/s, so that the stages read
         * {@code 6500.0} rather than {@code 6499.999999999999} in the resolved workload.
         */
        @JsonIgnore
        double rateAt(int h) {
            return Math.round(1000 * (low + (high - low) * (1 - Math.cos(2 * Math.PI * (h - 4) / HOURS)) / 2)) / 1000.0;
        }

        List<RateStage> stages() {
            Duration hour = period.dividedBy(HOURS);
            List<RateStage> stages = new ArrayList<>();
            for (int h = 0; h < HOURS; h++) {
                stages.add(RateStage.ramp(hour, rateAt(h), rateAt(h + 1)));
            }
            return stages;
        }

        String text() {
            return String.format(Locale.ROOT, "a day in %s, %,.0f records/s at 04:00 to %,.0f at 16:00 (24 ramps)",
                    DurationText.format(period), low, high);
        }
    }

    /**
     * Bursts on a period: {@code count} times, {@code every} at {@code base} records/s of which the last {@code length}
     * is at {@code burst}.
     *
     * @param base   records/s between bursts, above 0
     * @param burst  records/s in a burst, above base
     * @param every  the period, from one burst's start to the next
     * @param length how long a burst lasts, above 0 and below every
     * @param count  how many periods (1-32)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Bursts(Double base, Double burst, Duration every, Duration length, Integer count) {
        /** Two stages a period, within {@link ProducerSpec#MAX_STAGES}. */
        static final int MAX_COUNT = ProducerSpec.MAX_STAGES / 2;

        public Bursts {
            if (base == null || !(base > 0 && base <= RateStage.MAX_RATE)) {
                throw InvalidInputException.field("producers.shape.bursts.base", base == null ? "nothing" : base,
                        "must be above 0 and at most 1e9 records/s");
            }
            if (burst == null || !(burst > base && burst <= RateStage.MAX_RATE)) {
                throw InvalidInputException.field("producers.shape.bursts.burst", burst == null ? "nothing" : burst,
                        "must be above base (" + base + ") and at most 1e9 records/s");
            }
            if (every == null || every.isNegative() || every.isZero() || every.compareTo(Duration.ofDays(1)) > 0) {
                throw InvalidInputException.field("producers.shape.bursts.every",
                        every == null ? "nothing" : DurationText.format(every), "must be above 0 and at most 24h");
            }
            if (length == null || length.isNegative() || length.isZero() || length.compareTo(every) >= 0) {
                throw InvalidInputException.field("producers.shape.bursts.length",
                        length == null ? "nothing" : DurationText.format(length),
                        "must be above 0 and shorter than every (" + DurationText.format(every) + ")");
            }
            if (count == null || count < 1 || count > MAX_COUNT) {
                throw InvalidInputException.field("producers.shape.bursts.count", count == null ? "nothing" : count,
                        "must be 1 to " + MAX_COUNT + " (two stages a period, at most " + ProducerSpec.MAX_STAGES + ")");
            }
        }

        List<RateStage> stages() {
            List<RateStage> stages = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                stages.add(RateStage.constant(every.minus(length), base));
                stages.add(RateStage.constant(length, burst));
            }
            return stages;
        }

        String text() {
            return String.format(Locale.ROOT, "bursts of %,.0f records/s for %s every %s over %,.0f records/s, %d times",
                    burst, DurationText.format(length), DurationText.format(every), base, count);
        }
    }
}
