package io.kbench.load;

import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * A Kafka client's metrics by the names the stock perf tools print them under with --print-metrics
 * ({@code ToolsUtils.printMetrics}: {@code group:name:tags}), in their order, with their current values.
 */
final class ClientMetricNames {
    private ClientMetricNames() {
    }

    static Map<String, Object> of(Map<MetricName, ? extends Metric> metrics) {
        Map<String, Object> named = new TreeMap<>();
        for (Metric metric : metrics.values()) {
            MetricName name = metric.metricName();
            named.put(name.group() + ":" + name.name() + ":" + name.tags(), metric.metricValue());
        }
        return named;
    }
}
