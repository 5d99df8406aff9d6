package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.client.ClientProperties;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.RunMetrics;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class LoadRunTest {
    private static final WorkloadSpec SPEC = new SpecLoader().load(null, List.of());

    private static LoadRun.Builder complete(RunMetrics metrics) {
        return LoadRun.builder().spec(SPEC).clients(new ClientProperties(Map.of())).consumerGroup("g")
                .stop(new StopSignal(NanoClock.SYSTEM)).metrics(metrics)
                .breakdown(new PartitionBreakdown(0, null, false)).out(System.out);
    }

    @Test
    void defaultsToKafkasClientsAndNoObservers() {
        try (RunMetrics metrics = new RunMetrics(null, 0)) {
            LoadRun run = complete(metrics).build();
            assertThat(run.producerFactory()).isSameAs(ProducerFactory.KAFKA);
            assertThat(run.consumerFactory()).isSameAs(ConsumerFactory.KAFKA);
            assertThat(run.clock()).isSameAs(NanoClock.SYSTEM);
            assertThat(run.live()).isSameAs(LiveMetrics.NONE);
            assertThat(run.topic()).isEqualTo(SPEC.topic().name());
            assertThat(run.valueSerializer()).as("no payload key: plain bytes").isInstanceOf(ByteArraySerializer.class);
            assertThat(run.valueDeserializer()).isInstanceOf(ByteArrayDeserializer.class);
        }
    }

    @Test
    void aMissingPartIsNamed() {
        try (RunMetrics metrics = new RunMetrics(null, 0)) {
            assertThatThrownBy(() -> complete(null).build()).isInstanceOf(NullPointerException.class)
                    .hasMessage("metrics");
            assertThatThrownBy(() -> complete(metrics).stop(null).build()).hasMessage("stop");
            assertThatThrownBy(() -> complete(metrics).out((PrintStream) null).build()).hasMessage("out");
            assertThatThrownBy(() -> complete(metrics).producerFactory(null).build()).hasMessage("producerFactory");
        }
    }

    @Test
    void transactionalProducersNeedTheirMetrics() {
        WorkloadSpec transactional = new SpecLoader().load(null,
                List.of("producers.transactions.recordsPerTransaction=100"));
        try (RunMetrics metrics = new RunMetrics(null, 0)) {
            assertThatThrownBy(() -> complete(metrics).spec(transactional).build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("transactions");
        }
    }
}
