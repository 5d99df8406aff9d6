package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Which broker a fault hits, written as a broker id ({@code 2}), {@code leader}, {@code controller} or {@code random}.
 *
 * @param kind     how the broker is found
 * @param brokerId the id, only for {@link FaultTargetKind#BROKER}
 */
@JsonClassDescription("a broker id, follower, leader, controller or random")
public record FaultTarget(FaultTargetKind kind, Integer brokerId) {
    public FaultTarget {
        if (kind == null) {
            throw new IllegalArgumentException("kind");
        }
        if ((kind == FaultTargetKind.BROKER) != (brokerId != null)) {
            throw new IllegalArgumentException("a broker id goes with kind broker only");
        }
    }

    /** Reads the YAML form; an unknown word is an input error naming the allowed ones. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static FaultTarget parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.matches("\\d{1,4}")) {
            return new FaultTarget(FaultTargetKind.BROKER, Integer.parseInt(t));
        }
        for (FaultTargetKind k : FaultTargetKind.values()) {
            if (k != FaultTargetKind.BROKER && k.name().toLowerCase(Locale.ROOT).equals(t)) {
                return new FaultTarget(k, null);
            }
        }
        throw new ElementFieldException("target", "'" + text + "'",
                "must be a broker id, follower, leader, controller or random");
    }

    /** A broker id written as a YAML number ({@code target: 2}). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static FaultTarget broker(int id) {
        return parse(Integer.toString(id));
    }

    /** The YAML form. */
    @JsonValue
    public String text() {
        return kind == FaultTargetKind.BROKER ? brokerId.toString() : kind.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return text();
    }
}
