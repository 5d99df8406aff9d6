package io.kbench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.report.Charts.Xy;
import io.kbench.result.run.IntervalPoint;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The last report interval when the load stopped within it: shorter than nine tenths of the one before. Its rate over
 * a fraction of an interval would read as a plunge, so the throughput lines leave it out and show it as a hollow
 * point labelled with its length.
 */
final class PartialInterval {
    private PartialInterval() {
    }

    /** Whether the last interval is partial. */
    static boolean last(List<IntervalPoint> intervals) {
        int n = intervals.size();
        if (n < 3) {
            return false;
        }
        double last = intervals.get(n - 1).endSec() - intervals.get(n - 2).endSec();
        double before = intervals.get(n - 2).endSec() - intervals.get(n - 3).endSec();
        return last < 0.9 * before;
    }

    /** The partial last interval as a hollow point of its own, labelled with its length; null when it is whole. */
    static ObjectNode point(List<IntervalPoint> intervals, ToDoubleFunction<IntervalPoint> f) {
        if (!last(intervals)) {
            return null;
        }
        int n = intervals.size();
        IntervalPoint p = intervals.get(n - 1);
        ObjectNode d = Charts.lineDataset(String.format(java.util.Locale.ROOT, "last interval, partial (%.2f s)",
                p.endSec() - intervals.get(n - 2).endSec()), Charts.GREY,
                List.of(new Xy(RunPage.round(p.endSec(), 3), RunPage.round(f.applyAsDouble(p), 3))), false, null);
        d.put("showLine", false);
        d.put("pointRadius", 4);
        d.put("pointStyle", "circle");
        d.put("backgroundColor", "rgba(0,0,0,0)");
        return d;
    }

    /** Adds the partial last interval's points to the records/s and MiB/s charts; the caption's note, or "". */
    static String add(List<IntervalPoint> intervals, List<ObjectNode> recs, List<ObjectNode> mibs) {
        if (!last(intervals)) {
            return "";
        }
        recs.add(point(intervals, IntervalPoint::producedRecordsPerSec));
        mibs.add(point(intervals, IntervalPoint::producedMebibytesPerSec));
        return "; the last interval is partial (hollow point)";
    }
}
