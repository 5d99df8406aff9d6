package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The stock perf tools' spellings that picocli does not take, as {@link StockSpelling} writes them for kbench: the
 * producer's argparse4j prefixes, the consumer's jopt-simple single dash, an option given twice. No broker.
 */
class StockSpellingTest {
    private static final String B = "localhost:9092";

    private static CommandSpec spec(String command) {
        return Main.newCommandLine(command).getSubcommands().get(command).getCommandSpec();
    }

    @Test
    void aProducerPrefixBecomesTheOneStockOptionItNames() {
        CommandSpec produce = spec("produce");
        assertThat(StockSpelling.producerSpelling(produce, "--num")).isEqualTo("--num-records");
        assertThat(StockSpelling.producerSpelling(produce, "--through=-1")).isEqualTo("--throughput=-1");
        assertThat(StockSpelling.producerSpelling(produce, "--rand")).as("Kafka 4.4's").isEqualTo("--random-seed");
        assertThat(StockSpelling.producerSpelling(produce, "--t")).as("four stock options").isEqualTo("--t");
        assertThat(StockSpelling.producerSpelling(produce, "--topic")).isEqualTo("--topic");
        assertThat(StockSpelling.producerSpelling(produce, "--producers")).as("kbench's own, exact").isEqualTo("--producers");
        assertThat(StockSpelling.producerSpelling(produce, "-1")).isEqualTo("-1");
        assertThat(StockSpelling.producerSpelling(produce, "acks=all")).isEqualTo("acks=all");
    }

    @Test
    void aConsumerOptionAfterOneDashGetsTwoUnlessItIsAValue() {
        CommandSpec consume = spec("consume");
        assertThat(StockSpelling.consumerSpelling(consume, "-topic")).isEqualTo("--topic");
        assertThat(StockSpelling.consumerSpelling(consume, "-consumer.config=c.properties"))
                .isEqualTo("--consumer.config=c.properties");
        assertThat(StockSpelling.consumerSpelling(consume, "-threads")).as("kbench's own, not the stock tool's")
                .isEqualTo("-threads");
        assertThat(StockSpelling.consumerSpelling(consume, "-v")).isEqualTo("-v");
        assertThat(List.of(StockSpelling.rewrite(Main.newCommandLine("consume"),
                new String[] {"consume", "-group", "-topic", "-topic", "t"})))
                .containsExactly("consume", "--group", "-topic", "--topic", "t");
        assertThat(List.of(StockSpelling.rewrite(Main.newCommandLine("run"), new String[] {"run", "-topic"})))
                .as("other commands are left alone").containsExactly("run", "-topic");
    }

    @Test
    void aSingleDashConsumerOptionMeansTheSameAsTwo() {
        DropInParse.Parsed two = DropInParse.parse("consume", "--bootstrap-server", B, "--topic", "t", "--num-records", "10",
                "--group", "g", "--from-latest");
        assertThat(DropInParse.parse("consume", "-bootstrap-server", B, "-topic=t", "-num-records", "10", "-group", "g",
                "-from-latest")).isEqualTo(two);
        assertThat(DropInParse.parse("consume", "--bootstrap-server", B, "--topic", "t", "--num-records", "10",
                "--group", "-topic", "--from-latest").group()).as("a value is never taken for an option").isEqualTo("-topic");
    }

    @Test
    void theLastOfAnOptionGivenTwiceWinsAsInTheStockProducer() {
        DropInParse.Parsed parsed = DropInParse.parse("produce", "--topic", "a", "--num-records", "10", "--throughput", "-1",
                "--bootstrap-server", B, "--record-size", "100", "--topic", "b", "--record-size", "200");
        assertThat(parsed.workload().topic().name()).isEqualTo("b");
        assertThat(parsed.workload().producers().recordSize().bytes()).isEqualTo(200);
    }

    @Test
    void kbenchsOwnOptionsAndUnknownOnesAreNotExpanded() {
        // A prefix expands to a stock option only: kbench's own are spelled out, and a prefix of several is unknown.
        assertThat(DropInParse.refusal("produce", "--topic", "t", "--num-records", "10", "--throughput", "-1",
                "--bootstrap-server", B, "--record-size", "100", "--part", "3")).hasValueSatisfying(m ->
                        assertThat(m).contains("'--part'"));
        assertThat(DropInParse.refusal("produce", "--topic", "t", "--num-records", "10", "--throughput", "-1",
                "--bootstrap-server", B, "--record-size", "100", "--pay", "x")).hasValueSatisfying(m ->
                        assertThat(m).contains("'--pay'"));
        assertThat(DropInParse.parse("produce", "--topic", "t", "--num-records", "10", "--throughput", "-1",
                "--bootstrap-server", B, "--record", "100").workload().producers().recordSize().bytes())
                .as("Kafka 4.3's only --record option").isEqualTo(100);
    }
}
