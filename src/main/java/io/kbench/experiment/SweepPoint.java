package io.kbench.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.JsonText;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One configuration of a sweep: the base workload plus these overrides.
 *
 * @param name      derived from the values, e.g. {@code compression.type=gzip,acks=all}, a secret path's value shown as
 *                  {@code [secret-1]} (never the value); safe as a directory name
 * @param overrides workload path -> value, applied like {@code --set} (on a campaign's cluster: its {@code set} values,
 *                  then the point's)
 * @param cluster   the named external cluster the point runs on (a campaign, docs/sweeps.md); null: the sweep's one
 *                  cluster
 */
public record SweepPoint(String name, Map<String, JsonNode> overrides, CampaignCluster cluster) {
    private static final List<String> OPAQUE_MAPS = List.of("properties", "configs", "brokerConfig");
    private static final int MAX_NAME = 180;
    /** What {@link #sanitize} keeps, plus the brackets of the {@code [secret-n]} labels. */
    private static final java.util.regex.Pattern SAFE_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9._=,+\\[\\]-]+");

    public SweepPoint {
        if (overrides == null || overrides.isEmpty() && cluster == null) {
            throw InvalidInputException.field("point", overrides, "needs at least one override");
        }
        overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
        if (name == null || name.isEmpty() || name.startsWith(".") || !SAFE_NAME.matcher(name).matches()) {
            throw InvalidInputException.field("point name", name, "must be a safe directory name");
        }
    }

    /** A point named after its values. */
    public static SweepPoint of(Map<String, JsonNode> overrides) {
        return of(overrides, SweepSecrets.of(List.of(overrides)));
    }

    /** A point named after its values, secret ones by their labels in {@code secrets}. */
    static SweepPoint of(Map<String, JsonNode> overrides, SweepSecrets secrets) {
        return new SweepPoint(nameOfShown(secrets.shown(overrides)), overrides, null);
    }

    /**
     * The point of {@code overrides} on a campaign's {@code cluster}: named {@code cluster=NAME} before the values, which
     * the cluster's own {@code set} values precede (they follow from the cluster, so they are not in the name).
     */
    static SweepPoint on(CampaignCluster cluster, Map<String, JsonNode> overrides, SweepSecrets secrets) {
        String values = overrides.isEmpty() ? "" : "," + nameOfShown(secrets.shown(overrides));
        Map<String, JsonNode> all = new LinkedHashMap<>(cluster.set());
        all.putAll(overrides);
        String name = "cluster=" + cluster.name() + values;
        // The same cut as for any point: file systems cap names at 255 bytes.
        return new SweepPoint(name.length() <= MAX_NAME ? name
                : name.substring(0, MAX_NAME - 9) + "-" + String.format("%08x", name.hashCode()), all, cluster);
    }

    /** The values that name the point: its overrides without those its cluster sets. */
    public Map<String, JsonNode> varied() {
        if (cluster == null) {
            return overrides;
        }
        Map<String, JsonNode> own = new LinkedHashMap<>(overrides);
        cluster.set().keySet().forEach(own::remove);
        return own;
    }

    /**
     * {@code key=value} pairs joined by commas; the key is the Kafka key below properties/configs/brokerConfig,
     * else the full path, so names stay short yet say what was varied. A secret path's value is shown by its label.
     */
    public static String nameOf(Map<String, JsonNode> overrides) {
        return nameOfShown(SweepSecrets.of(List.of(overrides)).shown(overrides));
    }

    private static String nameOfShown(Map<String, JsonNode> shown) {
        // Each part is sanitized alone so that a label keeps its brackets and no value gains any.
        String raw = shown.entrySet().stream()
                .map(e -> sanitize(shortKey(e.getKey())) + "=" + label(e.getKey(), e.getValue()))
                .collect(Collectors.joining(","));
        String safe = raw;
        if (safe.startsWith(".")) {
            safe = "_" + safe.substring(1);
        }
        // File systems cap names at 255 bytes; a hash keeps truncated names distinct.
        return safe.length() <= MAX_NAME ? safe
                : safe.substring(0, MAX_NAME - 9) + "-" + String.format("%08x", raw.hashCode());
    }

    private static String label(String path, JsonNode shown) {
        return io.kbench.result.io.Redactor.isSecret(path) ? shown.asText() : sanitize(JsonText.of(shown));
    }

    static String shortKey(String path) {
        String[] parts = path.split("\\.");
        for (int i = 0; i < parts.length - 1; i++) {
            if (OPAQUE_MAPS.contains(parts[i])) {
                return String.join(".", Arrays.copyOfRange(parts, i + 1, parts.length));
            }
        }
        return path;
    }


    /** Keeps letters, digits and {@code . _ - = , +}; everything else (slashes, spaces, braces) becomes '_'. */
    static String sanitize(String text) {
        return text.replaceAll("[^A-Za-z0-9._=,+-]", "_");
    }
}
