package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.kbench.release.ReleaseVersion;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
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
 * @param kafkaVersion the Kafka release each broker is restarted on (a rolling upgrade, or a downgrade where Kafka
 *                     allows one), {@code 4.4.0}: a KRaft release from 3.7.0 on, fetched into the release cache before
 *                     anything starts; absent: each broker stays on the release it runs
 * @param finalizeMetadata {@code finalize: true}: once every broker runs {@code kafkaVersion}, finalize the cluster's
 *                     {@code metadata.version} to the newest that release supports (what {@code kafka-features.sh
 *                     upgrade} does); absent or false: the cluster keeps its metadata.version, so that a downgrade stays
 *                     possible. Named apart from its YAML key because a record cannot have a {@code finalize()} accessor
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RollSpec(Map<String, String> brokerConfig, RollOrder order, Duration settle, Duration baseline,
                       String kafkaVersion, @JsonProperty("finalize") Boolean finalizeMetadata) {
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
        if (kafkaVersion != null) {
            String problem = ReleaseVersion.problem(kafkaVersion);
            if (problem != null) {
                throw new ElementFieldException("kafkaVersion", "'" + kafkaVersion + "'", problem);
            }
            kafkaVersion = ReleaseVersion.parse("kafkaVersion", kafkaVersion).toString();
        }
        if (Boolean.TRUE.equals(finalizeMetadata) && kafkaVersion == null) {
            throw new ElementFieldException("finalize", true, "only applies with roll.kafkaVersion (the release whose"
                    + " metadata.version it finalizes)");
        }
    }

    /** The roll without a release or finalize: the form of a rolling restart or configuration change. */
    public RollSpec(Map<String, String> brokerConfig, RollOrder order, Duration settle, Duration baseline) {
        this(brokerConfig, order, settle, baseline, null, null);
    }

    /** The release the roll restarts the brokers on; empty: each keeps its own. */
    public Optional<ReleaseVersion> release() {
        return kafkaVersion == null ? Optional.empty()
                : Optional.of(ReleaseVersion.parse("kafkaVersion", kafkaVersion));
    }

    /** Whether the roll ends by finalizing metadata.version ({@code finalize: true}). */
    public MetadataFinalize metadataFinalize() {
        return Boolean.TRUE.equals(finalizeMetadata) ? MetadataFinalize.FINALIZE : MetadataFinalize.KEEP;
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
        String release = kafkaVersion == null ? "" : "to Kafka " + kafkaVersion
                + (metadataFinalize() == MetadataFinalize.FINALIZE ? " then finalize metadata.version" : "") + ", ";
        return release + changes + ", " + orderOrDefault().word().replace('-', ' ')
                + (settleOrDefault().isZero() ? "" : ", settle " + DurationText.format(settleOrDefault()));
    }
}
