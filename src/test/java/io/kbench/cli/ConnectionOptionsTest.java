package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The arity of --command-property (and --producer-props): a run of KEY=VALUE after one flag, as the stock perf tools'
 * own help advises ({@code --command-property linger.ms=10 batch.size=32768}), still repeatable, and ending where a
 * positional argument or the next option begins ({@link KeyValueRun}).
 */
class ConnectionOptionsTest {
    private static ProduceCommand produce(String... args) {
        ProduceCommand c = new ProduceCommand();
        new CommandLine(c).parseArgs(args);
        return c;
    }

    @Test
    void commandPropertyTakesSeveralPairsAsTheStockToolsHelpAdvises() {
        ProduceCommand c = produce("--topic", "t", "--num-records", "1", "--throughput", "-1", "--record-size", "10",
                "--command-property", "linger.ms=10", "batch.size=32768", "--command-property", "acks=1");
        assertThat(c.tool.target.connection.properties())
                .containsEntry("linger.ms", "10").containsEntry("batch.size", "32768").containsEntry("acks", "1");
        ProduceCommand old = produce("--topic", "t", "--num-records", "1", "--throughput", "-1", "--record-size", "10",
                "--producer-props", "acks=1", "linger.ms=5", "--producers", "2");
        assertThat(old.producerProps).containsExactly("acks=1", "linger.ms=5");
        assertThat(old.producers).isEqualTo(2);
    }

    @Test
    void commandPropertyLeavesTheWorkloadFileToRun() {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs("--command-property", "acks=all", "linger.ms=5", "w.yaml", "--brokers", "1");
        assertThat(run.workloadFile.path).isEqualTo(Path.of("w.yaml"));
        assertThat(run.options.target.connection.properties()).containsEntry("acks", "all").containsEntry("linger.ms", "5");
    }

    @Test
    void aCommandPropertyWithoutAValueIsAParseError() {
        CliRun run = CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1", "--record-size", "10",
                "--command-property");
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        assertThat(run.stderr()).as(run.transcript()).contains("--command-property").doesNotContain("\tat ");
    }

    @Test
    void aValueThatIsNotAPairIsTakenAndRefusedByTheOptionsOwnCheck() {
        CliRun run = CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1", "--record-size", "10",
                "--command-property", "linger.ms");
        CliRun.assertInputError(run, "--command-property", "'linger.ms'", "must look like key=value");
    }
}
