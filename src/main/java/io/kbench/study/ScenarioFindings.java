package io.kbench.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scenario file's {@code findings:}, read strictly, and judged again on a kept sweep: the verdicts then follow the
 * current rules and wording without a new measurement.
 */
public final class ScenarioFindings {
    private static final ObjectMapper YAML = StrictMapper.yaml();

    private ScenarioFindings() {
    }

    /** The findings of {@code scenario} (none when it declares none). */
    public static List<FindingSpec> read(Path scenario) {
        JsonNode tree;
        try {
            tree = YAML.readTree(scenario.toFile());
        } catch (IOException e) {
            throw new InvalidInputException(scenario + ": " + e.getMessage().lines().findFirst().orElse("unreadable"), e);
        }
        JsonNode findings = tree == null ? null : tree.get("findings");
        if (findings == null || findings.isNull()) {
            return List.of();
        }
        List<FindingSpec> specs = new ArrayList<>();
        for (JsonNode f : findings) {
            try {
                specs.add(YAML.treeToValue(f, FindingSpec.class));
            } catch (JsonProcessingException e) {
                throw new InvalidInputException(scenario + ": findings: " + e.getOriginalMessage(), e);
            }
        }
        return specs;
    }

    /** The path -> values the kept sweep's points give, as {@link Finding#of} checks them. */
    public static Map<String, Set<String>> varied(SweepResult sweep) {
        Map<String, Set<String>> varied = new LinkedHashMap<>();
        sweep.points().forEach(p -> p.overrides().forEach((k, v) -> varied.computeIfAbsent(k, x -> new LinkedHashSet<>())
                .add(v == null || v.isNull() ? "null" : v.asText())));
        return varied;
    }

    /** {@code spec} judged on {@code sweep}; not measured when the sweep lacks a point or path it names. */
    public static Judged judge(FindingSpec spec, int index, SweepResult sweep) {
        Finding finding;
        try {
            finding = Finding.of(spec, index, varied(sweep));
        } catch (InvalidInputException e) {
            return Judged.notMeasured("the kept sweep cannot judge it (" + e.getMessage() + "); re-run the scenario");
        }
        FindingVerdict v = FindingJudge.judge(finding, sweep);
        List<String> shown = new ArrayList<>();
        for (FindingVerdict.Group g : v.groups()) {
            // A precondition's group says "not testable here: ..." or "not measured: ..." in its own words.
            boolean unmet = g.outcome() == FindingOutcome.NOT_TESTABLE || g.outcome() == FindingOutcome.NOT_MEASURED;
            shown.add((g.at().isEmpty() ? "" : at(g) + ": ") + (unmet ? "" : g.outcome().name() + " ") + g.shown());
        }
        ClaimVerdict verdict = switch (v.outcome()) {
            case HELD -> ClaimVerdict.HELD;
            case CONTRADICTED -> ClaimVerdict.CONTRADICTED;
            case INCONCLUSIVE -> ClaimVerdict.INCONCLUSIVE;
            case NOT_TESTABLE -> ClaimVerdict.NOT_TESTABLE_HERE;
            case NOT_MEASURED -> ClaimVerdict.NOT_MEASURED;
        };
        return new Judged(verdict, String.join("; ", shown), finding.rule());
    }

    /** Every finding of {@code specs} that the sweep can judge, for rewriting a kept sweep's {@code findings}. */
    public static List<FindingVerdict> verdicts(List<FindingSpec> specs, SweepResult sweep) {
        List<FindingVerdict> verdicts = new ArrayList<>();
        Map<String, Set<String>> varied = varied(sweep);
        for (int i = 0; i < specs.size(); i++) {
            try {
                verdicts.add(FindingJudge.judge(Finding.of(specs.get(i), i, varied), sweep));
            } catch (InvalidInputException e) {
                // A finding about points this kept sweep never measured waits for the re-run; it is listed on
                // claims.md as not measured, not written as a verdict.
            }
        }
        return verdicts;
    }

    private static String at(FindingVerdict.Group g) {
        // Sorted by path: a group's settings come back in hash order, and the pages must not change between runs.
        return new java.util.TreeMap<>(g.at()).entrySet().stream()
                .map(e -> io.kbench.result.OverridePaths.shortName(e.getKey()) + "=" + (e.getValue() == null ? "null" : e.getValue().asText()))
                .collect(java.util.stream.Collectors.joining(","));
    }
}
