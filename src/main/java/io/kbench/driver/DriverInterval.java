package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One {@code interval} event (docs/drivers.md): interval {@code index}'s counter deltas, error counts and histograms,
 * and the driver's cumulative CPU time and window readings so far.
 *
 * @param index                  the interval, from 0
 * @param endNanos               when it ended, on the run's clock
 * @param last                   the partial last interval (JSON {@code final})
 * @param counts                 this interval's counter deltas
 * @param errors                 this interval's errors by the client's name, measured and warm-up apart
 * @param histograms             this interval's values only, each an .hlog payload
 * @param cpuNanos               the process's user plus system CPU so far
 * @param firstMeasuredSendNanos producers: the first measured intended send so far, or null
 * @param lastMeasuredAckNanos   producers: the last measured acknowledgement so far, or null
 * @param firstRecordNanos       consumers: the first measured record read so far, or null
 * @param lastRecordNanos        consumers: the last measured record read so far, or null
 */
@JsonPropertyOrder({"index", "endNanos", "final", "counts", "errors", "histograms", "cpuNanos", "firstMeasuredSendNanos",
    "lastMeasuredAckNanos", "firstRecordNanos", "lastRecordNanos"})
public record DriverInterval(@JsonProperty(required = true) int index, @JsonProperty(required = true) long endNanos,
                             @JsonProperty(value = "final", required = true) boolean last,
                             @JsonProperty(required = true) Counts counts, @JsonProperty(required = true) Errors errors,
                             @JsonProperty(required = true) Histograms histograms,
                             @JsonProperty(required = true) long cpuNanos, Long firstMeasuredSendNanos,
                             Long lastMeasuredAckNanos, Long firstRecordNanos, Long lastRecordNanos) implements DriverEvent {
    public DriverInterval {
        Checks.atLeast("interval.index", index, 0);
        Checks.atLeast("interval.cpuNanos", cpuNanos, 0L);
        if (counts == null || errors == null || histograms == null) {
            throw InvalidInputException.field("interval", "null", "counts, errors and histograms are objects");
        }
    }

    /**
     * The interval's counter deltas: every acknowledged (produced) or polled (consumed) record, and again the measured
     * ones. A measured count may exceed the whole within one interval (a driver reads its counters one by one while
     * records complete), so only each count's sign is checked; the totals agree.
     */
    @JsonPropertyOrder({"producedRecords", "producedBytes", "producedMeasured", "producedMeasuredBytes", "consumedRecords",
        "consumedBytes", "consumedMeasured", "consumedMeasuredBytes"})
    public record Counts(@JsonProperty(required = true) long producedRecords, @JsonProperty(required = true) long producedBytes,
                         @JsonProperty(required = true) long producedMeasured,
                         @JsonProperty(required = true) long producedMeasuredBytes,
                         @JsonProperty(required = true) long consumedRecords, @JsonProperty(required = true) long consumedBytes,
                         @JsonProperty(required = true) long consumedMeasured,
                         @JsonProperty(required = true) long consumedMeasuredBytes) {
        public Counts {
            long[] all = {producedRecords, producedBytes, producedMeasured, producedMeasuredBytes, consumedRecords,
                consumedBytes, consumedMeasured, consumedMeasuredBytes};
            for (long n : all) {
                Checks.atLeast("interval.counts", n, 0L);
            }
        }
    }

    /** Errors of the interval by the client's name ({@code NOT_ENOUGH_REPLICAS}, {@code timeout}). */
    public record Errors(@JsonProperty(required = true) Map<String, Long> measured,
                         @JsonProperty(required = true) Map<String, Long> warmup) {
        public Errors {
            measured = counted("interval.errors.measured", measured);
            warmup = counted("interval.errors.warmup", warmup);
        }

        private static Map<String, Long> counted(String field, Map<String, Long> counts) {
            if (counts == null) {
                throw InvalidInputException.field(field, null, "must be an object ({} for none)");
            }
            counts.forEach((name, n) -> {
                Checks.notBlank(field, name);
                if (n == null || n < 1) {
                    throw InvalidInputException.field(field + "." + name, n, "must be a count of at least 1");
                }
            });
            return Collections.unmodifiableMap(new TreeMap<>(counts));
        }
    }

    /** The interval's four histograms, each an .hlog payload, present even when empty. */
    @JsonPropertyOrder({"publish", "sendDelay", "endToEnd", "warmupPublish"})
    public record Histograms(@JsonProperty(required = true) String publish, @JsonProperty(required = true) String sendDelay,
                             @JsonProperty(required = true) String endToEnd,
                             @JsonProperty(required = true) String warmupPublish) {
        public Histograms {
            EncodedHistogram.checkBase64("interval.histograms.publish", publish);
            EncodedHistogram.checkBase64("interval.histograms.sendDelay", sendDelay);
            EncodedHistogram.checkBase64("interval.histograms.endToEnd", endToEnd);
            EncodedHistogram.checkBase64("interval.histograms.warmupPublish", warmupPublish);
        }

        public Histogram publishHistogram() {
            return EncodedHistogram.decode("interval.histograms.publish", publish);
        }

        public Histogram sendDelayHistogram() {
            return EncodedHistogram.decode("interval.histograms.sendDelay", sendDelay);
        }

        public Histogram endToEndHistogram() {
            return EncodedHistogram.decode("interval.histograms.endToEnd", endToEnd);
        }

        public Histogram warmupPublishHistogram() {
            return EncodedHistogram.decode("interval.histograms.warmupPublish", warmupPublish);
        }
    }
}
