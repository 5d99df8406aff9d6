package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.ByteSize;
import io.kbench.unit.DurationText;
import java.time.Duration;

/**
 * A backlog phase inside a live run ({@code consumers.pause}; docs/backlog.md), the OMB backlog test: the consumers
 * pause {@code after} the start of the measured window while producers go on, until the backlog has reached
 * {@code size} (records acknowledged and not yet consumed, times the mean value size) or the consumers have been paused for {@code age}; then
 * they resume and catch up. Exactly one of size and age.
 *
 * @param after when the consumers pause, from the first measured send
 * @param size  resume once this much is waiting, a byte size such as 50MiB
 * @param age   resume once the consumers have been paused this long (the oldest waiting record is this old)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerPause(Duration after, String size, Duration age) {
    public ConsumerPause {
        if (after == null) {
            throw InvalidInputException.field("consumers.pause.after", "nothing", "must say when, e.g. after: 5s");
        }
        if (after.isNegative()) {
            throw InvalidInputException.field("consumers.pause.after", DurationText.format(after), "must be >= 0");
        }
        if ((size == null) == (age == null)) {
            throw InvalidInputException.field("consumers.pause", size == null ? "neither size nor age"
                    : "size " + size + " and age " + DurationText.format(age),
                    "give exactly one of size (e.g. 50MiB) and age (e.g. 10s)");
        }
        if (size != null) {
            try {
                ByteSize.parse(size);
            } catch (IllegalArgumentException e) {
                throw InvalidInputException.field("consumers.pause.size", "'" + size + "'", e.getMessage());
            }
        }
        if (age != null && (age.isNegative() || age.isZero())) {
            throw InvalidInputException.field("consumers.pause.age", DurationText.format(age), "must be > 0");
        }
    }

    /** The backlog size to resume at, bytes; 0 when the pause is by age. */
    @JsonIgnore
    public long sizeBytes() {
        return size == null ? 0 : ByteSize.parse(size);
    }

    /** What ends the pause, as the result and the terminal say it: {@code size 50MiB} or {@code age 10s}. */
    @JsonIgnore
    public String condition() {
        return size != null ? "size " + size : "age " + DurationText.format(age);
    }
}
