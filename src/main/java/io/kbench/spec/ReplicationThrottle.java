package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.unit.ByteSize;

/**
 * The replication throttle of a reassignment, written as a rate with a unit ({@code 10MiB/s}, {@code 512KiB/s},
 * {@code 1048576B/s}); applied as Kafka's {@code leader.replication.throttled.rate} and
 * {@code follower.replication.throttled.rate} (bytes/s) while the replicas move.
 *
 * @param text        the rate as written
 * @param bytesPerSec the rate in bytes/s
 */
@JsonClassDescription("a byte rate with a unit, e.g. 10MiB/s")
public record ReplicationThrottle(String text, long bytesPerSec) {
    static final String EXAMPLE = "a rate with a unit such as 10MiB/s, 512KiB/s or 1048576B/s (1 MiB = 1,048,576 bytes)";

    public ReplicationThrottle {
        if (bytesPerSec < 1) {
            throw new IllegalArgumentException("bytesPerSec");
        }
    }

    /** Reads the YAML form; a bare number (no unit, or no /s) is refused rather than guessed. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ReplicationThrottle parse(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.endsWith("/s") || !t.substring(0, t.length() - 2).strip().matches("[0-9.]+\\s*[A-Za-z]+")) {
            throw new ElementFieldException("throttle", "'" + text + "'", "needs a unit: " + EXAMPLE);
        }
        try {
            return new ReplicationThrottle(t, ByteSize.parse(t.substring(0, t.length() - 2)));
        } catch (IllegalArgumentException e) {
            throw new ElementFieldException("throttle", "'" + text + "'", e.getMessage() + ", per second, e.g. 10MiB/s");
        }
    }

    /** A number in YAML has no unit: refused with the same message as a bare number in a string. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ReplicationThrottle number(long value) {
        return parse(Long.toString(value));
    }

    @JsonValue
    @Override
    public String toString() {
        return text;
    }
}
