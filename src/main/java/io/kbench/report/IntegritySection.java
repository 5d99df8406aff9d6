package io.kbench.report;

import io.kbench.report.HtmlPage.Html;
import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.run.Anomaly;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegrityVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The integrity verdict of a verified run, at the top of its report: the verdict, the anomaly counts, why each anomaly
 * is expected or a violation, and the settings that decided it.
 */
final class IntegritySection {
    private IntegritySection() {
    }

    static void verdict(HtmlPage page, Integrity i) {
        if (i == null) {
            return;
        }
        String css = cssOf(i.verdict());
        page.section("Integrity: " + headline(i), "integrity " + css,
                Html.of("span", "badge " + css, i.verdict().json().toUpperCase(Locale.ROOT)));
        List<Kpi> kpis = new ArrayList<>();
        kpis.add(anomaly("lost", i.lost(), "acknowledged, not in the log"));
        kpis.add(anomaly("duplicated", i.duplicated(), "read more than once"));
        kpis.add(anomaly("reordered", i.reordered(), "out of order within a partition"));
        kpis.add(anomaly("unexpected", i.unexpected(), "never sent, or failed"));
        kpis.add(new Kpi("indeterminate", Fmt.count(i.indeterminate()), "sends",
                Fmt.count(i.indeterminateFound()) + " found in the log (may or may not be)"));
        if (i.incomplete()) {
            kpis.add(new Kpi("not read back", Fmt.count(i.unread()), "records", "no progress for 60 s"));
        }
        if (i.deleted() != null) {
            kpis.add(new Kpi("deleted", Fmt.count(i.deleted().count()), "records",
                    "acknowledged, then removed by retention or DeleteRecords (below the log start): not lost"));
        }
        page.kpis(kpis);
        for (String[] a : new String[][] {{"lost", reason(i.lost())}, {"duplicated", reason(i.duplicated())},
            {"reordered", reason(i.reordered())}, {"unexpected", reason(i.unexpected())}}) {
            if (a[1] != null) {
                page.paragraph(a[0] + ": " + a[1], "note");
            }
        }
        page.paragraph("Deciding settings: " + i.settings().line() + ". " + Fmt.count(i.sent()) + " sent, "
                + Fmt.count(i.acknowledged()) + " acknowledged (" + Fmt.count(i.acknowledgedFound()) + " found), "
                + Fmt.count(i.failed()) + " failed; " + Fmt.count(i.read()) + " records read back.", "note")
                .endSection();
    }

    private static String headline(Integrity i) {
        return switch (i.verdict()) {
            case OK -> "every acknowledged record found once, in order";
            case EXPECTED -> "anomalies the settings permit";
            case INCONCLUSIVE -> "part of the topic could not be read back";
            case VIOLATION -> "a guarantee of the settings was broken";
        };
    }

    private static Kpi anomaly(String label, Anomaly a, String meaning) {
        return new Kpi(label, Fmt.count(a.count()), "records", a.count() == 0 ? meaning
                : a.verdict().json() + ": " + meaning);
    }

    private static String reason(Anomaly a) {
        return a.count() == 0 ? null : a.verdict().json() + " (" + a.reason() + ")";
    }

    /** The report.css class of a verdict. */
    static String cssOf(IntegrityVerdict v) {
        return switch (v) {
            case OK -> "pass";
            case EXPECTED -> "neutral";
            case INCONCLUSIVE -> "warn";
            case VIOLATION -> "fail";
        };
    }
}
