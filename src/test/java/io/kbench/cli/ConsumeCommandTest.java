package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code kbench consume} flags: the stock tool's names and defaults, and one-line exit-2 errors. No broker. */
class ConsumeCommandTest {
    private static final Map<String, String> CONN = Map.of("bootstrap.servers", "localhost:1");

    @TempDir
    Path dir;

    private static ConsumeCommand parse(String... args) {
        ConsumeCommand c = new ConsumeCommand();
        new CommandLine(c).parseArgs(args);
        return c;
    }

    @Test
    void defaultsAreTheStockTools() {
        ConsumeCommand c = parse("--topic", "t", "--num-records", "5");
        assertThat(c.timeoutMs).isEqualTo(10_000);
        assertThat(c.reportingIntervalMs).isEqualTo(5_000);
        assertThat(c.dateFormat).isEqualTo("yyyy-MM-dd HH:mm:ss:SSS");
        assertThat(c.showDetailedStats).isFalse();
        assertThat(c.hideHeader).isFalse();
        assertThat(c.consumerProperties(CONN)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "max.partition.fetch.bytes", "1048576", "receive.buffer.bytes", "2097152", "check.crcs", "false"));
    }

    @Test
    void messagesIsTheOldNameOfNumRecords() {
        assertThat(parse("--topic", "t", "--messages", "42").numRecords).isEqualTo(42);
        assertThat(parse("--topic", "t", "--num-records", "43").numRecords).isEqualTo(43);
    }

    @Test
    void timeoutTakesAnOptionalValueAsTheStockTool() {
        assertThat(parse("--topic", "t", "--num-records", "1", "--timeout").timeoutMs).isEqualTo(10_000);
        assertThat(parse("--topic", "t", "--timeout", "--num-records", "1").timeoutMs).isEqualTo(10_000);
        assertThat(parse("--topic", "t", "--num-records", "1", "--timeout", "500").timeoutMs).isEqualTo(500);
    }

    @Test
    void explicitFlagsSetTheirProperties() {
        ConsumeCommand c = parse("--topic", "t", "--num-records", "1", "--fetch-size", "65536",
                "--socket-buffer-size", "131072", "--from-latest");
        assertThat(c.consumerProperties(CONN))
                .containsEntry("max.partition.fetch.bytes", "65536")
                .containsEntry("receive.buffer.bytes", "131072")
                .containsEntry("auto.offset.reset", "latest")
                .containsEntry("check.crcs", "false");
    }

    @Test
    void userPropertiesOverrideTheDropInDefaultsAndFlagsOverrideFiles() throws IOException {
        Path file = Files.writeString(dir.resolve("consumer.properties"),
                "max.partition.fetch.bytes=5000\nfetch.min.bytes=1\nreceive.buffer.bytes=7000\n");
        ConsumeCommand c = parse("--topic", "t", "--num-records", "1", "--consumer.config", file.toString(),
                "--socket-buffer-size", "9000");
        Map<String, String> props = c.consumerProperties(Map.of("bootstrap.servers", "localhost:1", "check.crcs", "true"));
        assertThat(props)
                .containsEntry("max.partition.fetch.bytes", "5000")
                .containsEntry("fetch.min.bytes", "1")
                .containsEntry("receive.buffer.bytes", "9000")
                .doesNotContainKey("check.crcs"); // --command-property's check.crcs=true reaches the consumer as is
    }

    @Test
    void exactlyOneOfTopicAndIncludeAndIncludeNeedsAnExistingCluster() {
        String resultsDir = dir.resolve("results").toString();
        assertOneLineError(CliRun.of("consume", "--num-records", "1", "--results-dir", resultsDir), "--topic, --include");
        assertOneLineError(CliRun.of("consume", "--topic", "t", "--include", "t.*", "--num-records", "1",
                "--results-dir", resultsDir), "--topic, --include");
        assertOneLineError(CliRun.of("consume", "--include", "t.*", "--num-records", "1", "--results-dir", resultsDir),
                "--include: needs --bootstrap-server");
        assertOneLineError(CliRun.of("consume", "--include", "t(", "--num-records", "1", "--bootstrap-server",
                "localhost:1", "--results-dir", resultsDir), "consumers.topicPattern: is not a Java regular expression");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    private static void assertOneLineError(CliRun run, String expected) {
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        assertThat(run.stderr().lines().filter(l -> !l.isBlank()).toList()).as(run.transcript()).hasSize(1);
        assertThat(run.stderr()).as(run.transcript()).contains(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--num-records|0|--num-records",
        "--num-records|abc|--num-records",
        "--timeout|0|--timeout",
        "--reporting-interval|0|--reporting-interval",
        "--fetch-size|0|--fetch-size",
        "--socket-buffer-size|-2|--socket-buffer-size",
        "--threads|0|--threads",
        "--date-format|yyyy-qq|--date-format"})
    void badValuesAreOneLineExitTwoErrors(String flag, String value, String named) {
        List<String> args = new ArrayList<>(List.of("consume", "--topic", "t", "--results-dir",
                dir.resolve("results").toString()));
        if (!flag.equals("--num-records")) {
            args.addAll(List.of("--num-records", "10"));
        }
        args.addAll(List.of(flag, value));
        long start = System.nanoTime();
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        // Picocli's own conversion errors add a "see --help" hint line; the error itself is one line.
        List<String> errLines = run.stderr().lines().filter(l -> l.startsWith("kbench: error:")).toList();
        assertThat(errLines).as(run.transcript()).hasSize(1);
        assertThat(run.stderr()).as(run.transcript()).doesNotContain("\tat ");
        assertThat(errLines.get(0)).as(run.transcript()).contains(named).contains(value);
        assertThat(run.stdout()).as(run.transcript()).doesNotContain("cluster: starting");
        assertThat(System.nanoTime() - start).as(run.transcript()).isLessThan(5_000_000_000L);
        assertThat(dir.resolve("results")).doesNotExist();
    }
}
