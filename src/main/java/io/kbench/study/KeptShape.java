package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.result.ClusterInfo;
import io.kbench.result.KbenchResult;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Whether a kept result was measured on the cluster its scenario describes today. A scenario moved to the original's
 * topology (1 broker to 3, 2 to 4) leaves the kept result of the old shape behind until it is re-measured; judging
 * the new claim on it would give a verdict on a setup the page no longer describes, so it counts as not measured.
 * The broker count is what every kept result records (sweep.json: per point; run and find-max: the cluster section).
 */
public final class KeptShape {
    private static final ObjectMapper YAML = StrictMapper.yaml();

    private KeptShape() {
    }

    /** Why the kept result {@code data} does not match {@code scenario}'s cluster today; null when it does. */
    public static String stale(Path root, String scenario, String data, KeptResults kept) {
        return stale(root.resolve(scenario), data, kept);
    }

    /** As {@link #stale(Path, String, String, KeptResults)}, with the scenario file's path. */
    public static String stale(Path scenarioFile, String data, KeptResults kept) {
        if (!kept.has(data)) {
            return null;
        }
        int wanted = brokers(scenarioFile);
        int measured = brokers(kept.get(data, KbenchResult.class));
        if (measured <= 0 || measured == wanted) {
            return null;
        }
        return "kept result " + data + " was measured on " + measured + " broker(s); scenarios/" + scenarioFile.getFileName()
                + " now runs " + wanted + ": re-run bench/studies.sh " + data;
    }

    /** The embedded brokers {@code scenario} starts: a sweep's base.cluster.brokers, else cluster.brokers; 1 if absent. */
    static int brokers(Path scenario) {
        JsonNode tree;
        try {
            tree = YAML.readTree(scenario.toFile());
        } catch (IOException e) {
            throw new InvalidInputException(scenario + ": " + e.getMessage().lines().findFirst().orElse("unreadable"), e);
        }
        JsonNode workload = tree != null && tree.has("base") ? tree.get("base") : tree;
        JsonNode n = workload == null ? null : workload.path("cluster").get("brokers");
        return n == null || !n.canConvertToInt() ? 1 : n.asInt();
    }

    private static int brokers(KbenchResult r) {
        ClusterInfo cluster = r instanceof RunResult run ? run.cluster() : r instanceof FindMaxResult fm ? fm.cluster() : null;
        if (cluster != null) {
            return cluster.brokers();
        }
        return r instanceof SweepResult s && s.cluster() != null ? s.cluster().brokers() : 0;
    }
}
