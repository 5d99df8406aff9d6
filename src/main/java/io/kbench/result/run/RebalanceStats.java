package io.kbench.result.run;

import io.kbench.unit.FigureText;
import io.kbench.unit.Units;
import java.util.List;
import java.util.Locale;

/**
 * Rebalances as an application feels them ({@code consumers.changes}): per partition, the gap in processing and the
 * end-to-end latency spike after each change, next to the same figures before the first change.
 *
 * @param groupProtocol the group protocol the consumers used (classic or consumer)
 * @param baseline      the window from the start of the run to the first change
 * @param changes       one window per change, in time order
 */
public record RebalanceStats(String groupProtocol, RebalanceWindow baseline, List<RebalanceWindow> changes) {
    public RebalanceStats {
        changes = changes == null ? List.of() : List.copyOf(changes);
    }

    /** One line per window for the console. */
    public List<String> lines() {
        java.util.ArrayList<String> lines = new java.util.ArrayList<>();
        lines.add("rebalances (" + groupProtocol + "): processing gap per partition, p50 / max; e2e spike max");
        lines.add(line("baseline", baseline));
        for (RebalanceWindow w : changes) {
            lines.add(line(String.format(Locale.ROOT, "at %.1fs %+d -> %d", w.atSec(), w.delta(), w.consumersAfter()), w));
        }
        return lines;
    }

    private static String line(String label, RebalanceWindow w) {
        return String.format(Locale.ROOT, "  %-18s gap %s / %s; spike %s (%d partitions)", label,
                FigureText.millisNumber(Units.millis(w.gapMicros().p50())), FigureText.fromMicros(w.gapMicros().max()),
                FigureText.fromMicros(w.latencySpikeMicros().max()), w.partitions().size());
    }
}
