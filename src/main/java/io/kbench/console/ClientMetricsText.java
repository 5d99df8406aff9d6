package io.kbench.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client metric table the stock perf tools print with --print-metrics ({@code ToolsUtils.printMetrics} of Kafka
 * 4.3.1): an empty line, a header, then one {@code name : value} line per metric in name order, names padded to the
 * longest, decimals with three places (always with a decimal dot, as kbench writes every number).
 */
public final class ClientMetricsText {
    private ClientMetricsText() {
    }

    /** The table's lines for {@code metrics} (name to value); none for no metrics, as the stock tool prints none. */
    public static List<String> lines(Map<String, Object> metrics) {
        if (metrics.isEmpty()) {
            return List.of();
        }
        Map<String, Object> sorted = new TreeMap<>(metrics);
        int width = sorted.keySet().stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add(String.format(Locale.ROOT, "%-" + width + "s   %s", "Metric Name", "Value"));
        sorted.forEach((name, value) -> lines.add(value instanceof Double
                ? String.format(Locale.ROOT, "%-" + width + "s : %.3f", name, value)
                : String.format(Locale.ROOT, "%-" + width + "s : %s", name, value)));
        return lines;
    }
}
