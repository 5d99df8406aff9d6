package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.error.InvalidInputException;
import java.util.List;

/**
 * A producer slice's keys (docs/drivers.md): none, {@code round_robin} (record i gets key {@code i % count}) or
 * {@code indices} (record i gets the key at position {@code i % n} of its thread's index file, which kbench draws from
 * its own random and Zipf samplers, so no sampler is ported). Key k is the ASCII bytes {@code key-k}.
 *
 * @param type       how keys are chosen
 * @param count      distinct keys (0 with none)
 * @param indexFiles per thread of the slice: its index file, with {@code indices} only; else null
 */
@JsonPropertyOrder({"type", "count", "indexFiles"})
public record SliceKeys(@JsonProperty(required = true) Type type, @JsonProperty(required = true) int count,
                        List<String> indexFiles) {
    /** How a driver picks each record's key. */
    public enum Type {
        @JsonProperty("none") NONE,
        @JsonProperty("round_robin") ROUND_ROBIN,
        @JsonProperty("indices") INDICES
    }

    public SliceKeys {
        if (type == null) {
            throw InvalidInputException.field("slice.producers.keys.type", null, "must be none, round_robin or indices");
        }
        if (type == Type.NONE ? count != 0 : count < 1) {
            throw InvalidInputException.field("slice.producers.keys.count", count,
                    type == Type.NONE ? "must be 0 without keys" : "must be at least 1");
        }
        if ((type == Type.INDICES) != (indexFiles != null)) {
            throw InvalidInputException.field("slice.producers.keys.indexFiles", indexFiles,
                    "is given exactly when type is indices");
        }
        indexFiles = indexFiles == null ? null : List.copyOf(indexFiles);
    }

    public static SliceKeys none() {
        return new SliceKeys(Type.NONE, 0, null);
    }

    void checkThreads(int threads) {
        if (indexFiles != null && indexFiles.size() != threads) {
            throw InvalidInputException.field("slice.producers.keys.indexFiles", indexFiles,
                    "must list one file per thread of the slice (" + threads + ")");
        }
    }
}
