package io.kbench.study;

import io.kbench.error.InvalidInputException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A study's claims registry (docs/studies/claims/sN.yaml): every claim of its original with a figure or a direction.
 *
 * @param study    S1 .. S5
 * @param original the original's file name in ../shared/studies-original/
 * @param page     the study's page in docs/studies/
 * @param setup    what in kbench's setup differs from the original, for every claim without its own
 * @param findMax  findings on find-max answers
 * @param runs     findings on single runs
 * @param claims   the claims, in the original's order
 */
public record StudyClaims(String study, String original, String page, String setup, List<FindMaxFinding> findMax,
                          List<RollFinding> runs, List<Claim> claims) {
    public StudyClaims {
        if (study == null || !study.matches("S[1-9]")) {
            throw InvalidInputException.field("study", study, "needs S1 .. S9");
        }
        if (original == null || !original.matches("[\\w.-]+\\.txt")) {
            throw InvalidInputException.field("original", original, "needs the original's file name, NNN_hash.txt");
        }
        if (page == null || !page.matches("[\\w.-]+\\.md")) {
            throw InvalidInputException.field("page", page, "needs the study page's file name");
        }
        setup = ClaimIds.text("setup", setup);
        findMax = findMax == null ? List.of() : List.copyOf(findMax);
        runs = runs == null ? List.of() : List.copyOf(runs);
        if (claims == null || claims.isEmpty()) {
            throw InvalidInputException.field("claims", claims, "needs at least one claim");
        }
        claims = List.copyOf(claims);
        Set<String> ids = new HashSet<>();
        for (Claim c : claims) {
            if (!ids.add(c.id())) {
                throw InvalidInputException.field("claims.id", c.id(), "is used twice");
            }
        }
        for (Claim c : claims) {
            checkCounterpart(c, claims);
        }
        Set<String> findings = new HashSet<>();
        findMax.forEach(f -> unique(findings, f.id()));
        runs.forEach(f -> unique(findings, f.id()));
    }

    /** A counterpart is a claim of this study with the same quote and line, tested by the other method. */
    private static void checkCounterpart(Claim c, List<Claim> claims) {
        if (c.counterpart() == null) {
            return;
        }
        Claim other = claims.stream().filter(o -> o.id().equals(c.counterpart())).findFirst().orElseThrow(() ->
                InvalidInputException.field("claims[" + c.id() + "].counterpart", c.counterpart(), "is no claim of this study"));
        if (other.test() == null || other.method() == null || other.method() == c.method() || other.line() != c.line()
                || !other.quote().equals(c.quote())) {
            throw InvalidInputException.field("claims[" + c.id() + "].counterpart", c.counterpart(),
                    "needs a tested claim with the same quote and line and the other method");
        }
    }

    /** A latency claim tested by both methods: the open-load claim and its fixed-rate counterpart. */
    public record MethodPair(Claim openLoad, Claim fixedRate) {
    }

    /** Each claim that names a counterpart, paired with it, in the registry's order. */
    public List<MethodPair> methodPairs() {
        return claims.stream().filter(c -> c.counterpart() != null).map(c -> {
            Claim other = claims.stream().filter(o -> o.id().equals(c.counterpart())).findFirst().orElseThrow();
            return c.method() == ClaimMethod.OPEN_LOAD ? new MethodPair(c, other) : new MethodPair(other, c);
        }).toList();
    }

    private static void unique(Set<String> ids, String id) {
        if (!ids.add(id)) {
            throw InvalidInputException.field("findMax/runs.id", id, "is used twice");
        }
    }

    /** The setup note for {@code claim}: its own, else the study's. */
    public String setupOf(Claim claim) {
        return claim.setup() != null ? claim.setup() : setup;
    }
}
