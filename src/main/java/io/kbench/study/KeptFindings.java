package io.kbench.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The kept sweeps' {@code findings}, judged again with their scenarios' findings as declared today, so a changed
 * finding shows on the claims pages without a new measurement (bench/studies.sh --claims, before the pages).
 */
public final class KeptFindings {
    private static final ObjectMapper JSON = StrictMapper.json();

    private KeptFindings() {
    }

    /**
     * Judges {@code scenario}'s findings again on the kept sweep {@code name} and writes them into its
     * {@code findings}, leaving every measured figure as it was; a kept result that is not a sweep is left alone.
     */
    public static void rejudge(Path root, String name, Path scenario) {
        KeptResults kept = new KeptResults(root);
        if (!kept.has(name)) {
            return;
        }
        SweepResult sweep;
        try {
            sweep = kept.get(name, SweepResult.class);
        } catch (InvalidInputException e) {
            return;
        }
        if (KeptShape.stale(scenario, name, kept) != null) {
            // Measured on the scenario's earlier cluster: its findings stay as judged then, until it is re-measured.
            return;
        }
        List<FindingVerdict> verdicts = ScenarioFindings.verdicts(ScenarioFindings.read(scenario), sweep);
        try {
            ObjectNode tree = (ObjectNode) StrictMapper.tolerantJson().readTree(kept.file(name).toFile());
            if (verdicts.isEmpty() && !tree.has("findings")) {
                return;
            }
            if (verdicts.isEmpty()) {
                tree.remove("findings");
            } else {
                tree.set("findings", JSON.valueToTree(verdicts));
            }
            // Written as kbench writes sweep.json (no newline at the end), so only the findings show in a diff.
            Files.writeString(kept.file(name), JSON.writeValueAsString(tree));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
