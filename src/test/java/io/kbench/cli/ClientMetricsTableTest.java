package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** --print-metrics keeps the metrics of the drop-in's own clients only, and reads none without the flag. */
class ClientMetricsTableTest {
    @Test
    void producesKeepsItsProducersAndConsumeItsConsumers() {
        ClientMetricsTable produce = ClientMetricsTable.forFlag(true, ClientMetricsTable.Clients.PRODUCERS);
        produce.producerClosing(() -> Map.of("producer-metrics:record-send-total:{client-id=kbench-producer-0}", 10.0));
        produce.producerClosing(() -> Map.of("producer-metrics:record-send-total:{client-id=kbench-producer-1}", 20.0));
        produce.consumerClosing(() -> Map.of("consumer-metrics:x:{}", 1.0));
        assertThat(produce.lines()).hasSize(4).anyMatch(l -> l.endsWith("kbench-producer-1} : 20.000"))
                .noneMatch(l -> l.startsWith("consumer-metrics"));

        ClientMetricsTable consume = ClientMetricsTable.forFlag(true, ClientMetricsTable.Clients.CONSUMERS);
        consume.producerClosing(() -> Map.of("producer-metrics:fill:{}", 1.0));
        consume.consumerClosing(() -> Map.of("consumer-fetch-manager-metrics:records-consumed-total:{}", 30393.0));
        assertThat(consume.lines()).containsExactly("", "Metric Name                                                Value",
                "consumer-fetch-manager-metrics:records-consumed-total:{} : 30393.000");
    }

    @Test
    void withoutTheFlagNothingIsRead() {
        ClientMetricsTable off = ClientMetricsTable.forFlag(false, ClientMetricsTable.Clients.PRODUCERS);
        off.producerClosing(() -> {
            throw new AssertionError("read without --print-metrics");
        });
        assertThat(off.lines()).isEmpty();
    }
}
