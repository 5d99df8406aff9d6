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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Regenerates the claims pages from the registries and the kept results, without a new measurement (bench/studies.sh
 * --claims): first each kept sweep's {@code findings} judged again with its scenario's findings as declared today,
 * then docs/studies/claims.md, generated/claims-summary.md and generated/claims-sN.md for the pages to splice.
 *
 * <pre>java -cp target/classes:target/lib/* io.kbench.study.ClaimsPages ROOT [NAME=scenarios/FILE.yaml]...</pre>
 */
public final class ClaimsPages {
    private static final ObjectMapper JSON = StrictMapper.json();

    private ClaimsPages() {
    }

    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: ClaimsPages ROOT [NAME=scenarios/FILE.yaml]...");
            System.exit(2);
        }
        try {
            Path root = Path.of(args[0]);
            for (int i = 1; i < args.length; i++) {
                int eq = args[i].indexOf('=');
                if (eq <= 0) {
                    throw InvalidInputException.field("argument " + i, args[i], "needs NAME=scenarios/FILE.yaml");
                }
                rejudge(root, args[i].substring(0, eq), root.resolve(args[i].substring(eq + 1)));
            }
            write(root).forEach(p -> System.out.println("claims: " + p));
        } catch (InvalidInputException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Writes the claims pages under {@code root}; returns the files written. */
    public static List<Path> write(Path root) {
        KeptResults kept = new KeptResults(root);
        Map<StudyClaims, List<ClaimResult>> studies = new LinkedHashMap<>();
        ClaimRegistry.readAll(root).forEach(s -> studies.put(s, ClaimJudge.judge(s, kept)));
        Path docs = root.resolve("docs/studies");
        Path gen = docs.resolve("generated");
        List<Path> written = new java.util.ArrayList<>();
        written.add(text(docs.resolve("claims.md"), ClaimsMarkdown.page(studies)));
        written.add(text(gen.resolve("claims-summary.md"), ClaimsMarkdown.summary(studies)));
        studies.forEach((s, r) -> written.add(text(gen.resolve("claims-" + s.study().toLowerCase(Locale.ROOT) + ".md"),
                ClaimsMarkdown.study(s, r))));
        return written;
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

    private static Path text(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
