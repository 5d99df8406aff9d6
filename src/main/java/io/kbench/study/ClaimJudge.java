package io.kbench.study;

import io.kbench.result.sweep.SweepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Judges every claim of a study registry on the kept results, with the findings as they are declared today. */
public final class ClaimJudge {
    private ClaimJudge() {
    }

    /** Each claim of {@code study} with its verdict. */
    public static List<ClaimResult> judge(StudyClaims study, KeptResults kept) {
        List<ClaimResult> results = new ArrayList<>();
        for (Claim c : study.claims()) {
            if (c.test() != null) {
                results.add(new ClaimResult(c, judge(study, c.test(), kept), null, study.setupOf(c)));
            } else if (c.arithmetic() != null) {
                results.add(new ClaimResult(c, ArithmeticJudge.judge(c.arithmetic(), kept.root()), null, study.setupOf(c)));
            } else {
                NotTestable nt = c.notTestableHere();
                Judged standIn = nt.standIn() == null ? null : judge(study, nt.standIn(), kept);
                results.add(new ClaimResult(c, new Judged(ClaimVerdict.NOT_TESTABLE_HERE, nt.reason().json().replace('_', ' ')
                        + ": " + nt.why(), ""), standIn, study.setupOf(c)));
            }
        }
        return results;
    }

    /** The verdict of one test: a find-max or run finding of the registry, else a finding of the scenario file. */
    public static Judged judge(StudyClaims study, ClaimEvidence test, KeptResults kept) {
        for (FindMaxFinding f : study.findMax()) {
            if (f.id().equals(test.finding())) {
                String stale = stale(kept, test.scenario(), f.of(), f.to());
                return stale != null ? Judged.notMeasured(stale) : FindMaxJudge.judge(f, kept);
            }
        }
        for (RollFinding f : study.runs()) {
            if (f.id().equals(test.finding())) {
                String stale = stale(kept, test.scenario(), f.data());
                return stale != null ? Judged.notMeasured(stale) : RollJudge.judge(f, kept);
            }
        }
        Path scenario = kept.root().resolve(test.scenario());
        if (!Files.isRegularFile(scenario)) {
            throw new io.kbench.error.InvalidInputException(study.study() + ": test.scenario " + test.scenario() + ": does not exist");
        }
        List<FindingSpec> specs = ScenarioFindings.read(scenario);
        for (int i = 0; i < specs.size(); i++) {
            if (test.finding().equals(specs.get(i).id())) {
                if (!kept.has(test.data())) {
                    return Judged.notMeasured("no kept result " + test.data() + "; run bench/studies.sh " + test.data());
                }
                String stale = stale(kept, test.scenario(), test.data());
                if (stale != null) {
                    return Judged.notMeasured(stale);
                }
                return ScenarioFindings.judge(specs.get(i), i, kept.get(test.data(), SweepResult.class));
            }
        }
        throw new io.kbench.error.InvalidInputException(study.study() + ": test.finding " + test.finding()
                + ": no such finding in " + test.scenario() + " nor in the registry's findMax/runs");
    }

    /** Why one of the kept results {@code data} no longer matches {@code scenario}'s cluster; null when all do. */
    private static String stale(KeptResults kept, String scenario, String... data) {
        for (String d : data) {
            String why = KeptShape.stale(kept.root(), scenario, d, kept);
            if (why != null) {
                return why;
            }
        }
        return null;
    }
}
