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
 * Whether a kept result still measures the scenario its study runs today. It does not when the cluster's broker count
 * differs (a scenario moved to the original's topology: 1 broker to 3, 2 to 4; every kept result records its brokers),
 * nor when anything else of the scenario differs: bench/studies.sh records the resolved scenario of each measurement
 * ({@link KeptMeasurement}), and the command bench/studies.txt gives for it today must resolve to the same one
 * ({@link ScenarioResolution}). Judging a claim on a kept result of another setup would give a verdict on a setup the
 * page no longer describes, so it counts as not measured, naming what differs and the command that re-measures it.
 */
public final class KeptShape {
    private static final ObjectMapper YAML = StrictMapper.yaml();

    private KeptShape() {
    }

    /** Why the kept result {@code data} does not measure {@code scenario} as it is today; null when it does. */
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
        if (measured > 0 && measured != wanted) {
            return "kept result " + data + " was measured on " + measured + " broker(s); scenarios/" + scenarioFile.getFileName()
                    + " now runs " + wanted + ": re-run bench/studies.sh " + data;
        }
        return changed(data, kept);
    }

    /** Why the scenario {@code data} was measured on differs from the one its command resolves to today; null if not. */
    static String changed(String data, KeptResults kept) {
        String rerun = ": re-run bench/studies.sh " + data;
        StudyCommand command = kept.command(data);
        if (command == null) {
            return "kept result " + data + " has no command in " + StudyCommand.FILE + " to compare its scenario with";
        }
        KeptMeasurement record = KeptMeasurement.read(kept.root(), data);
        if (record == null) {
            return "kept result " + data + " records no scenario it was measured on (" + KeptMeasurement.DIR + "/" + data
                    + ".json; measured before bench/studies.sh recorded one, from a scenario changed since)" + rerun;
        }
        JsonNode today = ScenarioResolution.resolve(kept.root(), command);
        String hash = ScenarioResolution.hash(today);
        if (hash.equals(record.scenarioHash())) {
            return null;
        }
        String where = ScenarioResolution.firstDifference(record.scenario(), today);
        return "scenario changed since measured (" + command.line() + "): " + (where == null ? "" : where + "; ")
                + "resolved scenario " + record.scenarioHash().substring(0, 12) + " when measured, " + hash.substring(0, 12)
                + " today" + rerun;
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
