package io.kbench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.junit.jupiter.api.Test;

/** The bounds of a distributed workload's sizes and times, against Kafka's defaults and docs/distributed.md. */
class TuningBoundsTest {
    private static final TreeSet<String> TUNING = new TreeSet<>(TuningProperties.PRODUCER);

    static {
        TUNING.addAll(TuningProperties.CONSUMER);
    }

    @Test
    void everyBoundIsAboveKafkasDefaultSoAWorkloadThatSetsNothingPasses() {
        for (Map.Entry<String, TuningBounds.Bound> e : TuningBounds.all(TUNING).entrySet()) {
            ConfigDef.ConfigKey key = ProducerConfig.configDef().configKeys().getOrDefault(e.getKey(),
                    ConsumerConfig.configDef().configKeys().get(e.getKey()));
            assertThat(key).as(e.getKey() + " is a Kafka client property").isNotNull();
            assertThat(key.type).as(e.getKey()).isIn(ConfigDef.Type.INT, ConfigDef.Type.LONG);
            assertThat(((Number) key.defaultValue).longValue()).as(e.getKey() + "'s default").isLessThanOrEqualTo(e.getValue().max());
        }
    }

    @Test
    void theMemoryPropertiesAndEveryTimeAreBounded() {
        assertThat(TuningBounds.all(TUNING)).containsKeys("buffer.memory", "batch.size", "max.request.size",
                "fetch.max.bytes", "max.partition.fetch.bytes", "send.buffer.bytes", "receive.buffer.bytes",
                "linger.ms", "max.block.ms", "request.timeout.ms", "session.timeout.ms")
                .doesNotContainKeys("acks", "compression.type", "retries");
        TUNING.stream().filter(n -> n.endsWith(".ms")).forEach(n -> assertThat(TuningBounds.of(n)).as(n)
                .contains(TuningBounds.MILLIS));
    }

    @Test
    void aValueAboveItsBoundIsRefusedOneAtBoundPasses() {
        assertThatThrownBy(() -> TuningBounds.check("producers.properties", Map.of("linger.ms", "5",
                "buffer.memory", "268435457"), "a distributed run")).isInstanceOf(InvalidInputException.class)
                .hasMessage("producers.properties.buffer.memory: at most 268435456 (256 MiB) for a"
                        + " distributed run: each worker's host would allocate or wait for it (docs/distributed.md)"
                        + " (got 268435457)");
        assertThatCode(() -> TuningBounds.check("producers.properties", Map.of("buffer.memory", " 268435456 ",
                "acks", "all", "compression.type", "zstd"), "x")).doesNotThrowAnyException();
        assertThatThrownBy(() -> TuningBounds.check("consumers.properties", Map.of("fetch.max.wait.ms", "1e9"), "x"))
                .hasMessage("consumers.properties.fetch.max.wait.ms: must be a whole number (got 1e9)");
    }

    /** docs/distributed.md's table gives every bound as the code has it. */
    @Test
    void theDocsTableListsEveryBound() throws Exception {
        String doc = Files.readString(Path.of("docs/distributed.md"));
        TuningBounds.all(TUNING).forEach((name, bound) -> {
            String row = name.endsWith(".ms") ? "every `*.ms`" : "`" + name + "`";
            assertThat(doc).as(name).containsPattern("(?m)^\\|[^\\n]*" + java.util.regex.Pattern.quote(row)
                    + "[^\\n]*\\| " + bound.max() + " \\(" + java.util.regex.Pattern.quote(bound.shown()) + "\\) \\|$");
        });
    }

    /**
     * One worker's share: 128 producers at Kafka's default buffer pass, 129 do not; 256 threads pass, 257 do not; an
     * unset buffer.memory counts as Kafka's default, never as nothing. docs/distributed.md gives both bounds.
     */
    @Test
    void aSharesThreadsAndProducerBuffersAreBounded() throws Exception {
        assertThatCode(() -> TuningBounds.checkSlice("s", 128, 128, Map.of(), "x")).doesNotThrowAnyException();
        assertThatThrownBy(() -> TuningBounds.checkSlice("s", 129, 0, Map.of(), "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("s: 129 producer(s) x buffer.memory 33554432 (Kafka's default) = 4328521728 bytes on one"
                        + " worker; at most 4294967296 (4 GiB) for x (lower producers.properties.buffer.memory or add"
                        + " workers; docs/distributed.md)");
        assertThatCode(() -> TuningBounds.checkSlice("s", 256, 0, Map.of("buffer.memory", "16777216"), "x"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TuningBounds.checkSlice("s", 1, 256, Map.of("buffer.memory", "1"), "x"))
                .hasMessage("s: 257 producer and consumer threads on one worker; at most 256 for x (add workers;"
                        + " docs/distributed.md)");
        String doc = Files.readString(Path.of("docs/distributed.md"));
        assertThat(doc).contains("producer threads x `buffer.memory` | " + TuningBounds.SLICE_BUFFER.max() + " ("
                + TuningBounds.SLICE_BUFFER.shown() + ")").contains("producer and consumer threads | "
                + TuningBounds.SLICE_THREADS);
    }
}
