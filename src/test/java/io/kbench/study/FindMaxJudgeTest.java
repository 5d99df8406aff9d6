package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.Environment;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.SearchAnswer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Find-max claims judged with the statistics core's effect on the searches' answers. */
class FindMaxJudgeTest {
    private static final FindMaxFinding MORE = new FindMaxFinding("more", "B sustains more than A", "b", "a", 1.0, null);
    private static final FindMaxFinding NINETY = new FindMaxFinding("ninety", "B keeps 0.9x of A", "b", "a", 0.9, null);
    private static final FindMaxFinding LESS = new FindMaxFinding("less", "B sustains less than A", "b", "a", null, 1.0);

    @Test
    void aClearEffectOverThreeSearchesASideIsDecided() {
        FindMaxResult a = searched(5_000, 5_100, 4_950);
        FindMaxResult b = searched(6_000, 6_100, 5_950);
        Judged held = FindMaxJudge.judge(MORE, b, a);
        assertThat(held.verdict()).isEqualTo(ClaimVerdict.HELD);
        assertThat(held.shown()).startsWith("b / a = 1.20x, higher by 19.9% [+").contains("claimed > 1.0: the interval lies wholly above 1.0")
                .endsWith("b 6,000, 6,100, 5,950 records/s (3 searches), a 5,000, 5,100, 4,950 records/s (3 searches)");
        assertThat(FindMaxJudge.judge(LESS, b, a).verdict()).isEqualTo(ClaimVerdict.CONTRADICTED);
        assertThat(FindMaxJudge.judge(MORE, a, b).verdict()).isEqualTo(ClaimVerdict.CONTRADICTED);
        assertThat(held.rule()).contains("95% interval");
    }

    @Test
    void theBoundIsTestedNotOne() {
        // B at 0.97x of A: equivalent to A within 5%, and decidedly above 0.9x.
        FindMaxResult a = searched(5_000, 5_050, 4_980);
        FindMaxResult b = searched(4_850, 4_900, 4_830);
        Judged j = FindMaxJudge.judge(NINETY, b, a);
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.HELD);
        assertThat(j.shown()).contains("claimed > 0.9: the interval lies wholly above 0.9");
    }

    @Test
    void overlappingSearchesAreInconclusiveAndSayWhatTheyCouldHaveDetected() {
        // The two S4 searches of the same setting and a third: the spread of one setting hides a 10% effect.
        FindMaxResult a = searched(4_738, 5_750, 5_120);
        FindMaxResult b = searched(5_750, 5_000, 6_000);
        Judged j = FindMaxJudge.judge(MORE, b, a);
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        assertThat(j.shown()).contains("undecided: ").contains("the interval reaches across 1.0; these searches could detect a"
                + " difference from it of ").contains("% or more");
    }

    @Test
    void oneSearchASideDecidesNothingHoweverFarApart() {
        // A result written before --searches: its one answer. 1.21x apart, as the two S4 searches of one setting were.
        FindMaxResult a = single(4_738);
        FindMaxResult b = single(5_750);
        Judged j = FindMaxJudge.judge(MORE, b, a);
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        assertThat(j.shown()).contains("= 1.21x").contains("one search on a side has no spread to judge by")
                .endsWith("b 5,750 records/s (1 search), a 4,738 records/s (1 search)");
    }

    @Test
    void aSideWithoutARateIsInconclusive() {
        FindMaxResult none = result(figures(FindMaxOutcome.NO_SUSTAINABLE_RATE, null), null);
        Judged j = FindMaxJudge.judge(MORE, none, searched(5_000, 5_100, 4_950));
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        assertThat(j.shown()).isEqualTo("no search of b found a sustainable rate (NO_SUSTAINABLE_RATE)");
    }

    @Test
    void answersFromDifferentMachinesAreNotCompared() {
        FindMaxResult a = on("AMD EPYC", searched(5_000, 5_100, 4_950));
        FindMaxResult b = on("Intel(R) Xeon(R) Processor", searched(6_000, 6_100, 5_950));
        Judged j = FindMaxJudge.judge(MORE, b, a);
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.NOT_MEASURED);
        assertThat(j.shown()).isEqualTo("b and a were measured on different machines (Intel(R) Xeon(R) Processor, 2 cores; "
                + "AMD EPYC, 2 cores): re-run both on one (bench/studies.sh b a)");
        assertThat(FindMaxJudge.judge(MORE, on("AMD EPYC", b), a).verdict()).isEqualTo(ClaimVerdict.HELD);
        // One model name, two CPUs: the flags tell them apart.
        Judged flags = FindMaxJudge.judge(MORE, on("AMD EPYC", List.of("aes", "vaes", "avx512f"), b), a);
        assertThat(flags.verdict()).isEqualTo(ClaimVerdict.NOT_MEASURED);
        assertThat(flags.shown()).contains("AMD EPYC (aes vaes avx512f), 2 cores; AMD EPYC, 2 cores");
    }

    private static FindMaxResult on(String cpuModel, FindMaxResult r) {
        return on(cpuModel, null, r);
    }

    private static FindMaxResult on(String cpuModel, List<String> flags, FindMaxResult r) {
        Environment e = new Environment("0.1.0", "4.3.1", "17", "Linux", cpuModel, 2, 1L << 30, flags, null, null, null);
        return new FindMaxResult(r.schemaVersion(), r.kind(), r.name(), r.tags(), r.startTime(), r.endTime(), e, r.cluster(),
                r.workload(), r.clientProperties(), r.findMax(), r.probes(), r.thresholds(), r.searches(), r.clients());
    }

    private static FindMaxResult searched(double... answers) {
        List<SearchAnswer> searches = new ArrayList<>();
        for (int i = 0; i < answers.length; i++) {
            searches.add(new SearchAnswer(i + 1, FindMaxOutcome.FOUND, answers[i], answers[i] * 1.05, 5.0, 10, "confirmed"));
        }
        return result(figures(FindMaxOutcome.FOUND, answers[answers.length / 2]), searches);
    }

    private static FindMaxResult single(double answer) {
        return result(figures(FindMaxOutcome.FOUND, answer), null);
    }

    private static FindMaxResult.Figures figures(FindMaxOutcome outcome, Double max) {
        return new FindMaxResult.Figures("e2e.p99<200ms", outcome, max, max == null ? null : max / 1024, 1000, 5.0, null,
                null, 5.0, 1000.0, "10s", "3s", "0s", "0s", 20, "confirmed", null);
    }

    private static FindMaxResult result(FindMaxResult.Figures f, List<SearchAnswer> searches) {
        return new FindMaxResult(1, FindMaxResult.KIND, "fm", null, null, null, null, null, null, null, f, List.of(), null, searches, null);
    }
}
