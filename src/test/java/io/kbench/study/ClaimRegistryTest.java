package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.kbench.error.InvalidInputException;
import io.kbench.report.ClaimsMarkdown;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claims registries (docs/studies/claims/sN.yaml) against the originals, the scenarios and the kept results: every
 * quote is verbatim at its line, every claim has a test or a reason, every study finding judges a registered claim,
 * and docs/studies/claims.md is what the registries and kept results give today.
 */
class ClaimRegistryTest {
    private static final Path ROOT = Path.of("");
    private static final List<StudyClaims> STUDIES = ClaimRegistry.readAll(ROOT);
    /** Judged once: reading the kept results is the slow part. */
    private static final Map<StudyClaims, List<ClaimResult>> JUDGED = judgeAll();

    private static Map<StudyClaims, List<ClaimResult>> judgeAll() {
        KeptResults kept = new KeptResults(ROOT);
        Map<StudyClaims, List<ClaimResult>> judged = new LinkedHashMap<>();
        STUDIES.forEach(s -> judged.put(s, ClaimJudge.judge(s, kept)));
        return judged;
    }

    /** ../shared/studies-original, looked for upwards from the working directory (worktrees sit deeper than main). */
    private static Path originals() {
        for (Path dir = ROOT.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/studies-original");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    @Test
    void thereIsARegistryForEachOfTheFiveStudies() {
        assertThat(STUDIES).extracting(StudyClaims::study).containsExactly("S1", "S2", "S3", "S4", "S5");
        assertThat(STUDIES).extracting(StudyClaims::original).doesNotHaveDuplicates();
    }

    @Test
    void everyQuoteIsVerbatimAtItsLineInTheOriginal() throws IOException {
        Path originals = originals();
        assumeThat(originals).as("../shared/studies-original is not beside the repository").isNotNull();
        List<String> wrong = new ArrayList<>();
        for (StudyClaims s : STUDIES) {
            // Split on \n only, as the line numbers were read: the originals hold no \r.
            String[] lines = Files.readString(originals.resolve(s.original()), StandardCharsets.UTF_8).split("\n", -1);
            for (Claim c : s.claims()) {
                if (c.line() > lines.length || !lines[c.line() - 1].contains(c.quote())) {
                    wrong.add(s.study() + " " + c.id() + " (line " + c.line() + ")");
                }
            }
        }
        assertThat(wrong).as("quotes not found verbatim at their line").isEmpty();
    }

    @Test
    void everyClaimHasATestOrAReasonAndEveryTestResolves() {
        KeptResults kept = new KeptResults(ROOT);
        for (StudyClaims s : STUDIES) {
            List<ClaimResult> results = JUDGED.get(s);
            assertThat(results).hasSameSizeAs(s.claims());
            for (ClaimResult r : results) {
                assertThat(r.claim().test() != null || r.claim().notTestableHere() != null || r.claim().arithmetic() != null)
                        .as(r.claim().id()).isTrue();
                // A test whose result is kept is judged: only a missing result, or one kept from the scenario's
                // earlier cluster shape (KeptShape), may leave it unmeasured.
                ClaimEvidence t = r.claim().test();
                // A finding whose precondition the kept runs did not measure says so ("not measured: ...").
                if (t != null && kept.has(t.data()) && KeptShape.stale(ROOT, t.scenario(), t.data(), kept) == null
                        && !r.judged().shown().contains("not measured: ")) {
                    assertThat(r.judged().verdict()).as(s.study() + " " + r.claim().id() + ": " + r.judged().shown())
                            .isNotEqualTo(ClaimVerdict.NOT_MEASURED);
                }
            }
        }
        assertThatThrownBy(() -> new Claim("c", "q", 1, "f", null, null, null, null, null, null, null, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("needs exactly one of test, notTestableHere and arithmetic");
    }

    @Test
    void everyStudyFindingJudgesARegisteredClaim() throws IOException {
        Set<String> referenced = new HashSet<>();
        for (StudyClaims s : STUDIES) {
            for (Claim c : s.claims()) {
                ClaimEvidence t = c.test() != null ? c.test() : c.notTestableHere() != null ? c.notTestableHere().standIn() : null;
                if (t != null) {
                    referenced.add(t.scenario() + "#" + t.finding());
                }
            }
            s.findMax().forEach(f -> assertThat(referencedIn(s, f.id())).as(s.study() + " findMax " + f.id()).isTrue());
            s.runs().forEach(f -> assertThat(referencedIn(s, f.id())).as(s.study() + " runs " + f.id()).isTrue());
        }
        List<String> orphans = new ArrayList<>();
        try (Stream<Path> files = Files.list(ROOT.resolve("scenarios"))) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("s\\d-.*\\.yaml")).sorted().toList()) {
                for (FindingSpec spec : ScenarioFindings.read(f)) {
                    // A -full scenario is the full-size variant of the same sweep and carries its findings.
                    String key = "scenarios/" + f.getFileName().toString().replace("-full.yaml", ".yaml") + "#" + spec.id();
                    if (spec.id() == null || !referenced.contains(key)) {
                        orphans.add(key + " (" + spec.claim() + ")");
                    }
                }
            }
        }
        assertThat(orphans).as("study findings that judge no registered claim").isEmpty();
    }

    private static boolean referencedIn(StudyClaims study, String findingId) {
        return STUDIES.stream().flatMap(s -> s.claims().stream()).anyMatch(c -> {
            ClaimEvidence t = c.test() != null ? c.test() : c.notTestableHere() != null ? c.notTestableHere().standIn() : null;
            return t != null && t.finding().equals(findingId);
        });
    }

    @Test
    void aKeptResultFromAnEarlierClusterShapeIsNotJudged(@TempDir Path tmp) throws IOException {
        KeptResults kept = new KeptResults(ROOT);
        // s3-knee-acks was measured on the 3 brokers its scenario still runs. The fixture is s2-producer-scaling as it
        // was kept before its scenario moved to S2's 3 brokers: measured on 1.
        // (It may be stale for another change of its scenario, which KeptStalenessTest covers; not for its brokers.)
        String knee = KeptShape.stale(ROOT, "scenarios/s3-knee-acks.yaml", "s3-knee-acks", kept);
        assertThat(knee == null ? "" : knee).doesNotContain("broker(s)");
        Path data = Files.createDirectories(tmp.resolve("docs/studies/data"));
        Files.copy(Path.of("src/test/resources/studies/stale/s2-producer-scaling.json"), data.resolve("s2-producer-scaling.json"));
        Files.createDirectories(tmp.resolve("scenarios"));
        Files.copy(ROOT.resolve("scenarios/s2-producer-scaling.yaml"), tmp.resolve("scenarios/s2-producer-scaling.yaml"));
        KeptResults earlier = new KeptResults(tmp);
        assertThat(KeptShape.stale(tmp, "scenarios/s2-producer-scaling.yaml", "s2-producer-scaling", earlier))
                .contains("measured on 1 broker(s)").contains("now runs 3").contains("bench/studies.sh s2-producer-scaling");
        StudyClaims s2 = STUDIES.stream().filter(st -> st.study().equals("S2")).findFirst().orElseThrow();
        ClaimEvidence test = s2.claims().stream().map(Claim::test).filter(t -> t != null && t.data().equals("s2-producer-scaling"))
                .findFirst().orElseThrow();
        assertThat(ClaimJudge.judge(s2, test, earlier).verdict()).isEqualTo(ClaimVerdict.NOT_MEASURED);
        assertThat(ClaimJudge.judge(s2, test, kept).shown()).doesNotContain("measured on 1 broker(s)");
        assertThat(KeptShape.stale(ROOT, "scenarios/s2-producer-scaling.yaml", "no-such-result", kept)).isNull();
    }

    @Test
    void claimsPageIsWhatTheRegistriesAndKeptResultsGiveToday() throws IOException {
        assertThat(Files.readString(ROOT.resolve("docs/studies/claims.md")))
                .as("docs/studies/claims.md is stale: run bench/studies.sh --claims").isEqualTo(ClaimsMarkdown.page(JUDGED));
    }

    @Test
    void registryErrorsNameTheFileAndField(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        Path bad = tmp.resolve("s9.yaml");
        Files.writeString(bad, "study: S9\noriginal: x.txt\npage: p.md\nsetup: s\nclaims:\n"
                + "  - {id: c, quote: q, line: 0, figures: f, notTestableHere: {reason: hardware, why: w}}\n");
        assertThatThrownBy(() -> ClaimRegistry.read(bad)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("s9.yaml").hasMessageContaining("claims[c].line");
        Files.writeString(bad, "study: S9\noriginal: x.txt\npage: p.md\nsetup: s\nclaims:\n"
                + "  - {id: c, quote: q, line: 1, figures: f, notTestableHere: {reason: hardware, why: w}, typo: 1}\n");
        assertThatThrownBy(() -> ClaimRegistry.read(bad)).isInstanceOf(InvalidInputException.class).hasMessageContaining("typo");
    }
}
