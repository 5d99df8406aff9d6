package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the drop-ins make of values the stock tools take in their own way (issue 42): any negative --throughput is
 * unlimited, a negative --warmup-records is none, one payload option of three, words that are not options ignored;
 * and the one the stock tool takes but would hang on, refused with the reason. Each beside the stock parser's answer.
 */
class DropInMeaningsTest {
    private static final String B = "localhost:9092";

    @TempDir
    Path dir;

    @Test
    void aPayloadIsOneOfThreeInBothToolsAndOneGivenTwiceIsOne() {
        String[] none = {"--topic", "t", "--num-records", "10", "--throughput", "-1", "--bootstrap-server", B};
        assertThat(StockPerfTools.producerRefusal(none)).isPresent();
        assertThat(DropInParse.refusal("produce", none)).hasValueSatisfying(m -> assertThat(m)
                .isEqualTo("--record-size, --payload-file, --payload-monotonic: give exactly one of them, as"
                        + " kafka-producer-perf-test requires (got none)"));
        String[] two = {"--topic", "t", "--num-records", "10", "--throughput", "-1", "--bootstrap-server", B,
            "--record-size", "100", "--payload-monotonic"};
        assertThat(StockPerfTools.producerRefusal(two)).isPresent();
        assertThat(DropInParse.refusal("produce", two)).hasValueSatisfying(m -> assertThat(m)
                .endsWith("(got --record-size and --payload-monotonic)"));
        String[] twice = {"--topic", "t", "--num-records", "10", "--throughput", "-1", "--bootstrap-server", B,
            "--payload-monotonic", "--payload-monotonic"};
        assertThat(StockPerfTools.producerRefusal(twice)).isEmpty();
        assertThat(DropInParse.refusal("produce", twice)).isEmpty();
    }

    @Test
    void anyNegativeThroughputIsUnlimitedAndANegativeWarmupIsNoneAsInTheStockProducer() {
        WorkloadSpec spec = DropInParse.parse("produce", "--topic", "t", "--num-records", "10", "--throughput", "-5",
                "--bootstrap-server", B, "--record-size", "100", "--warmup-records", "-3").workload();
        assertThat(spec.producers().unlimitedRate()).isTrue();
        assertThat(spec.producers().warmupRecords()).isZero();
        assertThat(spec.producers().records()).isEqualTo(10L);
        assertThat(StockPerfTools.producerRefusal("--topic", "t", "--num-records", "10", "--throughput", "-5",
                "--bootstrap-server", B, "--record-size", "100", "--warmup-records", "-3")).isEmpty();
    }

    @Test
    void aZeroThroughputTheStockToolWouldHangOnIsRefusedWithTheReason() {
        assertThat(StockPerfTools.producerRefusal("--topic", "t", "--num-records", "10", "--throughput", "0",
                "--bootstrap-server", B, "--record-size", "100")).as("the stock parser takes it").isEmpty();
        assertThat(DropInParse.refusal("produce", "--topic", "t", "--num-records", "10", "--throughput", "0",
                "--bootstrap-server", B, "--record-size", "100"))
                .hasValueSatisfying(m -> assertThat(m).contains("--throughput", "wait forever", "(got 0)"));
    }

    @Test
    void wordsThatAreNotOptionsAreIgnoredByConsumeWithAWarningAsByTheStockTool() throws IOException {
        Path consumerConfig = Files.writeString(dir.resolve("consumer.properties"), "fetch.min.bytes=1\n");
        String[] args = {"--bootstrap-server", B, "--topic", "t", "--num-records", "10", "--consumer.config",
            consumerConfig.toString(), "fetch.min.bytes=99", "extra"};
        assertThat(StockPerfTools.consumerRefusal(args)).as("the stock tool takes them").isEmpty();
        ConsumeCommand c = DropInParse.consume(args);
        assertThat(c.ignoredWarning()).hasValue("kbench: warning: ignoring fetch.min.bytes=99 extra: not an option, and"
                + " kafka-consumer-perf-test ignores such arguments too (a consumer property goes after --command-property)");
        assertThat(c.consumerProperties(c.tool.target.connectionProperties())).as("the file's, not the word's")
                .containsEntry("fetch.min.bytes", "1");
        assertThat(DropInParse.parse("consume", "--bootstrap-server", B, "--topic", "t", "--num-records", "10",
                "fetch.max.wait.ms=7").conn()).doesNotContainKey("fetch.max.wait.ms");
        assertThat(DropInParse.consume("--bootstrap-server", B, "--topic", "t", "--num-records", "10").ignoredWarning())
                .isEmpty();
    }
}
