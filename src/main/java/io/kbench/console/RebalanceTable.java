package io.kbench.console;

import io.kbench.format.AlignedTable;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RebalanceWindow;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * After a sweep whose points change consumers (consumers.changes), the rebalance gaps of every point's repetitions
 * side by side, e.g. the classic against the consumer group protocol.
 */
public final class RebalanceTable {
    private RebalanceTable() {
    }

    /** Prints the table when any repetition under {@code dir} measured rebalances; nothing otherwise. */
    public static void print(SweepResult sweep, Path dir, PrintStream out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("point", "rep", "window", "consumers", "gap p50 ms", "gap max ms", "spike p50 ms", "spike max ms"));
        for (SweepResult.Point p : sweep.points()) {
            for (int i = 0; i < p.repetitions().size(); i++) {
                Path file = dir.resolve(p.repetitions().get(i));
                RunResult r = Files.isRegularFile(file) ? ResultReader.read(file, RunResult.class) : null;
                if (r == null || r.rebalances() == null) {
                    continue;
                }
                rows.add(row(p.name(), i + 1, "baseline", r.rebalances().baseline()));
                for (RebalanceWindow w : r.rebalances().changes()) {
                    rows.add(row(p.name(), i + 1, String.format(Locale.ROOT, "%+d at %.1fs", w.delta(), w.atSec()), w));
                }
            }
        }
        if (rows.size() > 1) {
            out.println();
            out.println("rebalances: per-partition processing gap and end-to-end latency spike, p50 and max over partitions");
            AlignedTable.print(rows, out);
        }
    }

    private static List<String> row(String point, int rep, String window, RebalanceWindow w) {
        return List.of(point, Integer.toString(rep), window, Integer.toString(w.consumersAfter()),
                millis(w.gapMicros().p50()), millis(w.gapMicros().max()), millis(w.latencySpikeMicros().p50()),
                millis(w.latencySpikeMicros().max()));
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%,.1f", micros / 1000.0);
    }
}
