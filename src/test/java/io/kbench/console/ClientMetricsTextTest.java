package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --print-metrics' table in the stock tools' format (ToolsUtils.printMetrics of Kafka 4.3.1), in any locale. */
class ClientMetricsTextTest {
    @Test
    void namesPaddedToTheLongestInOrderDecimalsWithThreePlaces() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("producer-metrics:record-send-rate:{client-id=p}", 1234.56789);
        metrics.put("app-info:version:{client-id=p}", "4.3.1");
        metrics.put("producer-metrics:connection-count:{client-id=p}", 2.0);
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(ClientMetricsText.lines(metrics)).containsExactly(
                    "",
                    "Metric Name                                       Value",
                    "app-info:version:{client-id=p}                  : 4.3.1",
                    "producer-metrics:connection-count:{client-id=p} : 2.000",
                    "producer-metrics:record-send-rate:{client-id=p} : 1234.568");
        } finally {
            Locale.setDefault(saved);
        }
        assertThat(ClientMetricsText.lines(Map.of())).isEmpty();
    }
}
