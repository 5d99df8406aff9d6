package io.kbench.report;

import io.kbench.study.Claim;
import io.kbench.study.ClaimEvidence;
import io.kbench.study.ClaimRecipe;
import io.kbench.study.ClaimResult;
import io.kbench.study.ClaimVerdict;
import io.kbench.study.Judged;
import io.kbench.study.NotTestable;
import io.kbench.study.StudyClaims;
import java.util.List;
import java.util.Map;

/** The claims pages as Markdown: the per-study counts, and per claim the original's figure beside kbench's. */
public final class ClaimsMarkdown {
    private ClaimsMarkdown() {
    }

    /** The per-study counts table (docs/studies/README.md opens with it). */
    public static String summary(Map<StudyClaims, List<ClaimResult>> studies) {
        StringBuilder md = new StringBuilder();
        md.append("| study | original | claims | tested | held | contradicted | inconclusive | not measured yet | not testable here "
                + "| arithmetic | reproduced | not reproduced |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        studies.forEach((study, results) -> md.append("| [").append(study.study()).append("](").append(study.page())
                .append(") | `").append(study.original()).append("` | ").append(results.size()).append(" | ")
                .append(results.stream().filter(r -> r.claim().test() != null).count()).append(" | ")
                .append(count(results, ClaimVerdict.HELD)).append(" | ").append(count(results, ClaimVerdict.CONTRADICTED))
                .append(" | ").append(count(results, ClaimVerdict.INCONCLUSIVE)).append(" | ")
                .append(count(results, ClaimVerdict.NOT_MEASURED)).append(" | ")
                .append(count(results, ClaimVerdict.NOT_TESTABLE_HERE)).append(" | ")
                .append(results.stream().filter(r -> r.claim().arithmetic() != null).count()).append(" | ")
                .append(count(results, ClaimVerdict.REPRODUCED)).append(" | ").append(count(results, ClaimVerdict.NOT_REPRODUCED))
                .append(" |\n"));
        return md.toString();
    }

    /** One study's claims table, for its page and for claims.md. */
    public static String study(StudyClaims study, List<ClaimResult> results) {
        StringBuilder md = new StringBuilder();
        // The count is the registry's, so the sentence stays true as claims are added (never "every claim").
        md.append("The ").append(results.size()).append(" statements of the original (`").append(study.original())
                .append("`) with a figure or a direction that ").append("[claims/").append(study.study().toLowerCase(java.util.Locale.ROOT)).append(".yaml](claims/")
                .append(study.study().toLowerCase(java.util.Locale.ROOT)).append(".yaml) registers, judged by kbench on the kept ")
                .append("results in [data/](data/). Setup here unless a row says otherwise: ").append(cell(study.setup()))
                .append("\n\n");
        md.append("| claim | the original says (line) | original's figures | kbench's figures | verdict | setup differs |\n");
        md.append("|---|---|---|---|---|---|\n");
        for (ClaimResult r : results) {
            Claim c = r.claim();
            md.append("| `").append(c.id()).append("` | \"").append(cell(c.quote())).append("\" (").append(c.line())
                    .append(") | ").append(cell(c.figures())).append(" | ").append(cell(kbench(r))).append(" | ")
                    .append(r.verdictText()).append(" | ").append(cell(setupCell(r)))
                    .append(" |\n");
        }
        return md.append(methods(study, results)).toString();
    }

    /**
     * The latency claims tested both at open load and at an equal fixed rate, each pair's verdicts side by side with
     * the rule that says when the two methods disagree; empty when the study has none.
     */
    public static String methods(StudyClaims study, List<ClaimResult> results) {
        if (study.methodPairs().isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder();
        md.append("\n**Open load against an equal fixed rate.** At open load (every producer as fast as it can, the ")
                .append("original's method where its tool ran unlimited) a latency percentile is mostly the producers' queue ")
                .append("depth at saturation, so it follows throughput; at an equal fixed rate below every side's maximum it ")
                .append("compares latency at the same load. The rule: when both verdicts are measured and differ, the two ")
                .append("methods disagree, and the claim holds only for the method that held it: the open-load verdict says ")
                .append("what the original's method shows, the fixed-rate verdict whether the setting itself costs latency.\n\n");
        md.append("| claim | open load | equal fixed rate | the two methods |\n|---|---|---|---|\n");
        for (StudyClaims.MethodPair pair : study.methodPairs()) {
            ClaimVerdict open = verdictOf(results, pair.openLoad());
            ClaimVerdict fixed = verdictOf(results, pair.fixedRate());
            md.append("| \"").append(cell(pair.openLoad().quote())).append("\" (").append(pair.openLoad().line()).append(") | `")
                    .append(pair.openLoad().id()).append("`: ").append(open.label()).append(" | `").append(pair.fixedRate().id())
                    .append("`: ").append(fixed.label()).append(" | ").append(agreement(open, fixed)).append(" |\n");
        }
        return md.toString();
    }

    /** Whether two verdicts on one claim, by the two methods, agree; the rule of {@link #methods}. */
    public static String agreement(ClaimVerdict openLoad, ClaimVerdict fixedRate) {
        if (!measured(openLoad) || !measured(fixedRate)) {
            return "not both measured yet";
        }
        if (openLoad == fixedRate) {
            return "agree (" + openLoad.label() + ")";
        }
        if (openLoad != ClaimVerdict.INCONCLUSIVE && fixedRate != ClaimVerdict.INCONCLUSIVE) {
            return "**disagree**: " + openLoad.label() + " at open load, " + fixedRate.label() + " at an equal fixed rate";
        }
        return "**disagree**: only " + (openLoad == ClaimVerdict.INCONCLUSIVE ? "the equal fixed rate settles it ("
                + fixedRate.label() : "open load settles it (" + openLoad.label()) + ")";
    }

    private static boolean measured(ClaimVerdict v) {
        return v == ClaimVerdict.HELD || v == ClaimVerdict.CONTRADICTED || v == ClaimVerdict.INCONCLUSIVE;
    }

    private static ClaimVerdict verdictOf(List<ClaimResult> results, Claim claim) {
        return results.stream().filter(r -> r.claim().id().equals(claim.id())).findFirst()
                .map(r -> r.judged().verdict()).orElse(ClaimVerdict.NOT_MEASURED);
    }

    /** claims.md: the summary, then every study's table. */
    public static String page(Map<StudyClaims, List<ClaimResult>> studies) {
        StringBuilder md = new StringBuilder();
        md.append("# The studies' claims, one by one\n\n");
        md.append("<!-- generated by bench/studies.sh --claims from docs/studies/claims/*.yaml and docs/studies/data/; "
                + "do not edit -->\n\n");
        md.append("Each study's registry (`docs/studies/claims/sN.yaml`) holds statements of its original document with ")
                .append("a figure or a direction (how many: the claims column below), each quoted verbatim with its line, ")
                .append("and how kbench tests it: a finding (a rule ")
                .append("that can fail) judged on a kept result, or **NOT TESTABLE HERE** with the reason (hardware, host ")
                .append("count, a vendor library, scale) and the scaled stand-in where one exists; or, for a figure the ")
                .append("original computes from inputs it gives, the arithmetic recomputed by `kbench plan` or `kbench cost` ")
                .append("from files kept in scenarios/: **REPRODUCED** when kbench's figure equals the original's at the ")
                .append("original's printed precision, **NOT REPRODUCED** otherwise, both figures and the command shown. ")
                .append("The verdicts are judged ")
                .append("again from the kept results each time this page is generated, so they follow today's rules. ")
                .append("**NOT MEASURED YET**: the test exists, its result has not been kept yet, or the kept result no ")
                .append("longer measures its scenario as it stands today (the row names what differs and the re-run). ")
                .append("A verdict here is reached ")
                .append("on a 2-core machine with embedded brokers, so it says what differs from the original beside it.\n\n");
        md.append(summary(studies)).append('\n');
        studies.forEach((study, results) -> md.append("## ").append(study.study()).append(" ([").append(study.page())
                .append("](").append(study.page()).append("))\n\n").append(study(study, results)).append('\n'));
        return md.toString();
    }

    private static String kbench(ClaimResult r) {
        Judged j = r.judged();
        NotTestable nt = r.claim().notTestableHere();
        if (nt != null) {
            String text = j.shown();
            if (r.standIn() != null) {
                text += ". Stand-in `" + nt.standIn().data() + "` / `" + nt.standIn().finding() + "`: "
                        + r.standIn().verdict().label() + ", " + r.standIn().shown();
            }
            if (nt.recipe() != null) {
                // A placeholder such as <prime-java-home> would read as an HTML tag outside a code span: escaped.
                text += ". **Test it where it can be** (needs " + nt.recipe().needs().replace("<", "&lt;").replace(">", "&gt;")
                        + "): `" + nt.recipe().command() + "`";
            }
            return text;
        }
        ClaimEvidence t = r.claim().test();
        String text = t == null ? j.shown() : "`" + t.data() + "` / `" + t.finding() + "`: " + j.shown();
        text = r.claim().unjudged() == null ? text : text + ". **Left unjudged:** " + r.claim().unjudged();
        ClaimRecipe recipe = r.claim().recipe();
        if (recipe != null && j.verdict() == ClaimVerdict.NOT_TESTABLE_HERE) {
            text += ". **Test it where it can be** (needs " + recipe.needs().replace("<", "&lt;").replace(">", "&gt;")
                    + "): `" + recipe.command() + "`";
        }
        return text;
    }

    /** An arithmetic row measures nothing, so no setup differs; others say theirs, or the study's ("as above"). */
    private static String setupCell(ClaimResult r) {
        if (r.claim().arithmetic() != null && r.claim().setup() == null) {
            return "none: arithmetic on the original's inputs, no measurement";
        }
        return r.claim().setup() != null ? r.setup() : "as above";
    }

    private static long count(List<ClaimResult> results, ClaimVerdict v) {
        return results.stream().filter(r -> r.judged().verdict() == v).count();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\r", "").replace("\n", " ");
    }
}
