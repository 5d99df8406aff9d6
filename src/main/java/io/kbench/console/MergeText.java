package io.kbench.console;

import io.kbench.result.run.MergedInput;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Totals;
import java.io.PrintStream;
import java.util.Locale;

/** {@code kbench merge}'s lines above the summary: how long the runs measured together, and each input's counts. */
public final class MergeText {
    /** Below this share of the merged window spent measuring together, the output says so. */
    private static final double SHORT_OVERLAP = 0.8;

    private MergeText() {
    }

    /** {@code merged}: a merged run result (its {@code merge} section present) of {@code runs} inputs. */
    public static void print(RunResult merged, int runs, PrintStream out) {
        Totals window = merged.summary().produced().records() > 0 ? merged.summary().produced() : merged.summary().consumed();
        double common = merged.merge().commonSec();
        out.printf(Locale.ROOT, "merged %d runs; all measuring together for %.1f s of the %.1f s merged window%n",
                runs, common, window.windowSec());
        if (common < SHORT_OVERLAP * window.windowSec()) {
            out.printf(Locale.ROOT, "note: that is %.0f%% of it; the merged rates are over the whole window, so runs"
                    + " started further apart read slower than they ran together%n", 100 * common / window.windowSec());
        }
        for (MergedInput in : merged.merge().inputs()) {
            out.printf(Locale.ROOT, "  %s: %s, %,d records produced, %,d consumed%n", in.dir(), in.status(),
                    in.summary().produced() == null ? 0 : in.summary().produced().records(),
                    in.summary().consumed() == null ? 0 : in.summary().consumed().records());
        }
    }
}
