package io.kbench.gate;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.Kpi;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * {@code kbench compare --baseline}: a candidate's repetitions against the baseline runs, KPI by KPI. A change is a
 * regression only when it is both significant (two-sided Mann-Whitney U, p at most the significance level) and at
 * least the minimum effect (relative change of the medians) in the worse direction: neither a noisy difference nor
 * a significant but negligible one fails a build.
 *
 * @param significance largest p-value of a change, e.g. 0.05
 * @param minEffect    smallest relative change of the medians that counts, e.g. 0.05 for 5%
 */
public record Gate(double significance, double minEffect) {
    public Gate {
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance: must be in (0, 1) (got " + significance + ")");
        }
        if (!(minEffect >= 0) || !Double.isFinite(minEffect)) {
            throw new IllegalArgumentException("minEffect: must be >= 0 (got " + minEffect + ")");
        }
    }

    public List<KpiVerdict> judge(List<CatalogEntry> baseline, List<CatalogEntry> candidate) {
        Objects.requireNonNull(baseline, "baseline");
        List<KpiVerdict> verdicts = new ArrayList<>();
        for (Kpi kpi : Kpi.values()) {
            double[] b = values(baseline, kpi);
            double[] c = values(candidate, kpi);
            if (b.length == 0 || c.length == 0) {
                continue;
            }
            double mb = median(b);
            double mc = median(c);
            double rel = mb == 0 ? 0 : (mc - mb) / mb;
            double p = MannWhitney.pValue(b, c);
            verdicts.add(new KpiVerdict(kpi, b.length, c.length, mb, mc, rel, p, verdict(kpi, b.length, c.length, rel, p)));
        }
        return verdicts;
    }

    private Verdict verdict(Kpi kpi, int n, int m, double rel, double p) {
        if (MannWhitney.smallestPossible(n, m) > significance) {
            return Verdict.TOO_FEW_RUNS;
        }
        if (p > significance || Math.abs(rel) < minEffect) {
            return Verdict.NO_CHANGE;
        }
        boolean worse = kpi.higherIsBetter() ? rel < 0 : rel > 0;
        return worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
    }

    private static double[] values(List<CatalogEntry> runs, Kpi kpi) {
        return runs.stream().map(r -> r.kpi(kpi)).filter(o -> o.isPresent()).mapToDouble(o -> o.getAsDouble()).toArray();
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
