package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a roll ({@code action: roll}) restarts the embedded brokers one at a time. Every field is optional: without any a
 * roll is a plain rolling restart.
 *
 * @param brokerConfig server.properties keys each broker gets as it is restarted (a rolling configuration change),
 *                     e.g. {@code {num.io.threads: "16"}}; checked against Kafka's broker definitions before anything
 *                     starts
 * @param order        which broker goes when (default active-controller-last)
 * @param settle       how long to wait after a broker is back in sync before the next one goes (default 0s)
 * @param baseline     the measured time before the roll that its steps are compared with (default 30s, or less when
 *                     the roll starts earlier in the measured window)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RollSpec(Map<String, String> brokerConfig, RollOrder order, Duration settle, Duration baseline) {
    /** The baseline when none is given. */
    public static final Duration DEFAULT_BASELINE = Duration.ofSeconds(30);
    /** The longest settle: a step waits this long on top of the broker's own restart. */
    public static final Duration MAX_SETTLE = Duration.ofMinutes(10);

    public RollSpec {
        if (brokerConfig != null) {
            Map<String, String> sorted = new TreeMap<>();
            brokerConfig.forEach((key, value) -> {
                if (key == null || key.isBlank()) {
                    throw new ElementFieldException("brokerConfig", "''", "keys must be broker config names");
                }
                if (value == null) {
                    throw new ElementFieldException("brokerConfig." + key, "nothing",
                            "needs a value (a roll cannot unset a key)");
                }
                sorted.put(key.strip(), value);
            });
            if (sorted.isEmpty()) {
                throw new ElementFieldException("brokerConfig", "{}",
                        "must name at least one key, or be left out for a plain rolling restart");
            }
            brokerConfig = Collections.unmodifiableMap(sorted);
        }
        if (settle != null && (settle.isNegative() || settle.compareTo(MAX_SETTLE) > 0)) {
            throw new ElementFieldException("settle", DurationText.format(settle),
                    "must be between 0s and " + DurationText.format(MAX_SETTLE));
        }
        if (baseline != null && (baseline.isNegative() || baseline.isZero())) {
            throw new ElementFieldException("baseline", DurationText.format(baseline), "must be a positive duration");
        }
    }

    /** A plain rolling restart: no change, the default order. */
    public static RollSpec plain() {
        return new RollSpec(null, null, null, null);
    }

    /** The changed broker settings; empty for a plain rolling restart. */
    public Map<String, String> changes() {
        return brokerConfig == null ? Map.of() : brokerConfig;
    }

    public RollOrder orderOrDefault() {
        return order == null ? RollOrder.ACTIVE_CONTROLLER_LAST : order;
    }

    public Duration settleOrDefault() {
        return settle == null ? Duration.ZERO : settle;
    }

    public Duration baselineOrDefault() {
        return baseline == null ? DEFAULT_BASELINE : baseline;
    }

    /** One short phrase: {@code num.io.threads=16, active controller last}. */
    public String describe() {
        String changes = brokerConfig == null ? "no config change"
                : brokerConfig.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .reduce((a, b) -> a + ", " + b).orElse("");
        return changes + ", " + orderOrDefault().word().replace('-', ' ')
                + (settleOrDefault().isZero() ? "" : ", settle " + DurationText.format(settleOrDefault()));
    }
}
