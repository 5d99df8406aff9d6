package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Objects;

/**
 * The producer threads of a producer slice (docs/drivers.md, "The slice"): which threads, their schedule, warm-up,
 * measured amount, values and keys. Lists are per thread of the slice, index {@code g - first}.
 *
 * @param first           the slice's first producer thread
 * @param count           threads in this slice, each with its own client instance
 * @param total           the run's producer threads in all slices: thread g has schedule phase g/total
 * @param ratePerThread   records/s of one thread, or 0 for as fast as the client takes them
 * @param warmupRecords   per thread: records at the start that are not measured
 * @param warmupNanos     warm-up time from the start, shared by all threads (0 for none)
 * @param autoWarmup      the warm-up ends when kbench sends {@code warmup-end}
 * @param measuredRecords per thread: measured records, then the thread stops; or null (then measuredNanos)
 * @param measuredNanos   measured time from the thread's first measured intended send; or null (then measuredRecords)
 * @param valuesFiles     per thread: its values file
 * @param keys            record keys
 * @param verify          every value carries its record id, and a send log is written per thread
 * @param sendLogDir      where the send logs go: given exactly when verify is
 */
@JsonPropertyOrder({"first", "count", "total", "ratePerThread", "warmupRecords", "warmupNanos", "autoWarmup",
    "measuredRecords", "measuredNanos", "valuesFiles", "keys", "verify", "sendLogDir"})
public record SliceProducers(@JsonProperty(required = true) int first, @JsonProperty(required = true) int count,
                             @JsonProperty(required = true) int total, @JsonProperty(required = true) double ratePerThread,
                             @JsonProperty(required = true) List<Long> warmupRecords,
                             @JsonProperty(required = true) long warmupNanos,
                             @JsonProperty(required = true) boolean autoWarmup, List<Long> measuredRecords,
                             Long measuredNanos, @JsonProperty(required = true) List<String> valuesFiles,
                             @JsonProperty(required = true) SliceKeys keys, @JsonProperty(required = true) boolean verify,
                             String sendLogDir) {
    private static final String AT = "slice.producers.";

    public SliceProducers {
        Checks.atLeast(AT + "first", first, 0);
        Checks.between(AT + "count", count, 1, 1024);
        if (first + count > total) {
            throw InvalidInputException.field(AT + "total", total, "must cover threads " + first + ".." + (first + count - 1));
        }
        if (!Double.isFinite(ratePerThread) || ratePerThread < 0) {
            throw InvalidInputException.field(AT + "ratePerThread", ratePerThread, "must be 0 (unlimited) or positive");
        }
        warmupRecords = perThread("warmupRecords", warmupRecords, count);
        warmupRecords.forEach(n -> Checks.atLeast(AT + "warmupRecords[]", n, 0L));
        Checks.atLeast(AT + "warmupNanos", warmupNanos, 0L);
        if ((measuredRecords == null) == (measuredNanos == null)) {
            throw InvalidInputException.field(AT + "measuredRecords", measuredRecords == null ? "null" : measuredRecords,
                    "exactly one of measuredRecords and measuredNanos is given");
        }
        if (measuredRecords != null) {
            measuredRecords = perThread("measuredRecords", measuredRecords, count);
            measuredRecords.forEach(n -> Checks.atLeast(AT + "measuredRecords[]", n, 0L));
        }
        if (measuredNanos != null) {
            Checks.atLeast(AT + "measuredNanos", measuredNanos, 1L);
        }
        valuesFiles = perThread("valuesFiles", valuesFiles, count);
        valuesFiles.forEach(f -> Checks.notBlank(AT + "valuesFiles[]", f));
        if (keys == null) {
            throw InvalidInputException.field(AT + "keys", null, "must be an object ({\"type\":\"none\",...} for none)");
        }
        keys.checkThreads(count);
        if (verify == (sendLogDir == null)) {
            throw InvalidInputException.field(AT + "sendLogDir", sendLogDir, "is given exactly when verify is true");
        }
    }

    private static <T> List<T> perThread(String field, List<T> values, int count) {
        if (values == null || values.size() != count || values.stream().anyMatch(Objects::isNull)) {
            throw InvalidInputException.field(AT + field, values, "must list one value per thread of the slice (" + count + ")");
        }
        return List.copyOf(values);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a producer slice field by field; the constructor checks the whole. */
    public static final class Builder {
        private int first;
        private int count;
        private int total;
        private double ratePerThread;
        private List<Long> warmupRecords;
        private long warmupNanos;
        private boolean autoWarmup;
        private List<Long> measuredRecords;
        private Long measuredNanos;
        private List<String> valuesFiles;
        private SliceKeys keys = SliceKeys.none();
        private boolean verify;
        private String sendLogDir;

        /** Threads {@code first .. first+count-1} of {@code total}. */
        public Builder threads(int first, int count, int total) {
            this.first = first;
            this.count = count;
            this.total = total;
            return this;
        }

        public Builder ratePerThread(double ratePerThread) {
            this.ratePerThread = ratePerThread;
            return this;
        }

        /** Warm-up records per thread, warm-up time, and whether kbench ends the warm-up (auto). */
        public Builder warmup(List<Long> records, long nanos, boolean auto) {
            this.warmupRecords = records;
            this.warmupNanos = nanos;
            this.autoWarmup = auto;
            return this;
        }

        public Builder measuredRecords(List<Long> measuredRecords) {
            this.measuredRecords = measuredRecords;
            return this;
        }

        public Builder measuredNanos(Long measuredNanos) {
            this.measuredNanos = measuredNanos;
            return this;
        }

        public Builder valuesFiles(List<String> valuesFiles) {
            this.valuesFiles = valuesFiles;
            return this;
        }

        public Builder keys(SliceKeys keys) {
            this.keys = keys;
            return this;
        }

        /** Verify with send logs in {@code sendLogDir}; null: no verify. */
        public Builder verify(String sendLogDir) {
            this.verify = sendLogDir != null;
            this.sendLogDir = sendLogDir;
            return this;
        }

        public SliceProducers build() {
            return new SliceProducers(first, count, total, ratePerThread, warmupRecords, warmupNanos, autoWarmup,
                    measuredRecords, measuredNanos, valuesFiles, keys, verify, sendLogDir);
        }
    }
}
