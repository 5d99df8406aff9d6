package io.kbench.report;

import io.kbench.error.InvalidInputException;
import io.kbench.study.ClaimJudge;
import io.kbench.study.ClaimRegistry;
import io.kbench.study.ClaimResult;
import io.kbench.study.KeptFindings;
import io.kbench.study.KeptResults;
import io.kbench.study.StudyClaims;
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
 * --claims): first each kept sweep's {@code findings} judged again with its scenario's findings as declared today
 * ({@link KeptFindings}, study's job), then docs/studies/claims.md, generated/claims-summary.md and
 * generated/claims-sN.md for the pages to splice (Markdown people read, so report's job).
 *
 * <pre>java -cp target/classes:target/lib/* io.kbench.report.ClaimsPages ROOT [NAME=scenarios/FILE.yaml]...</pre>
 */
public final class ClaimsPages {
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
                KeptFindings.rejudge(root, args[i].substring(0, eq), root.resolve(args[i].substring(eq + 1)));
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
