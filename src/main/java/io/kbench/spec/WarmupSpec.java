package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.time.Duration;

/**
 * A warm-up that ends when the run is steady ({@code producers.warmup: auto}, docs/warmup.md): at least {@code min},
 * at most {@code max}, in between until the send schedule is met and the level of the interval publish p99 settled at its
 * low (docs/warmup.md).
 * A fixed warm-up ({@code warmupDuration}, {@code warmupRecords}) is the other kind; a workload gives one kind or none.
 *
 * @param mode auto (the one mode so far; written so that result.json says which)
 * @param min  the shortest warm-up (default 3 s)
 * @param max  the cap: the warm-up ends here even when the run never became steady (default 60 s)
 */
@JsonClassDescription("auto, or a mapping {mode: auto, min: 3s, max: 60s}")
public record WarmupSpec(Mode mode, Duration min, Duration max) {
    public static final Duration DEFAULT_MIN = Duration.ofSeconds(3);
    public static final Duration DEFAULT_MAX = Duration.ofSeconds(60);
    /** A longer cap is a run of its own, not a warm-up. */
    private static final Duration LONGEST = Duration.ofHours(1);

    /** How the warm-up ends; one mode so far. */
    public enum Mode {
        @JsonProperty("auto") AUTO
    }

    public WarmupSpec {
        mode = mode == null ? Mode.AUTO : mode;
        min = min == null ? DEFAULT_MIN : min;
        max = max == null ? DEFAULT_MAX : max;
        if (min.isNegative()) {
            throw InvalidInputException.field("producers.warmup.min", DurationText.format(min), "must not be negative");
        }
        if (max.compareTo(min) < 0 || max.isZero() || max.compareTo(LONGEST) > 0) {
            throw InvalidInputException.field("producers.warmup.max", DurationText.format(max),
                    "must be above 0, at least min (" + DurationText.format(min) + ") and at most 1h");
        }
    }

    /** {@code warmup: auto}; any other word is refused naming the field and the value. */
    @JsonCreator
    public static WarmupSpec of(String text) {
        if (!"auto".equals(text)) {
            throw InvalidInputException.field("producers.warmup", "'" + text + "'",
                    "must be auto or a mapping {mode: auto, min: 3s, max: 60s} (a fixed warm-up is warmupDuration or"
                            + " warmupRecords)");
        }
        return new WarmupSpec(Mode.AUTO, null, null);
    }

    /** Whether {@code key: value} of the producers section is {@code warmup: auto}, the short form of a mapping. */
    static boolean isAutoWord(String key, JsonNode value) {
        return key.equals("warmup") && value.isTextual() && value.asText().equals("auto");
    }

    /**
     * Keeps one kind of warm-up after {@code --set} (or {@code WorkloadSpec.with}) set {@code key} of the producers
     * section: a fixed warm-up set on a workload with an auto one replaces it, and the other way round, so that
     * {@code --set producers.warmupDuration=10s} works on the quick start. Both kinds in one file stay an error.
     */
    static void keepOneKind(ObjectNode producers, String key, JsonNode value) {
        if (value == null || value.isNull()) {
            return;
        }
        if (key.equals("warmup")) {
            producers.remove("warmupDuration");
            producers.remove("warmupRecords");
        } else if (key.equals("warmupDuration") || key.equals("warmupRecords")) {
            producers.remove("warmup");
        }
    }
}
