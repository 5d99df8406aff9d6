package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code kbench find-max}: exit 2 and one error line, before any broker starts. */
class FindMaxInputErrorsTest {
    @TempDir
    Path dir;

    private CliRun findMax(String... args) throws IOException {
        Path w = Files.writeString(dir.resolve("w.yaml"), "producers: {count: 1}\nconsumers: {mode: none}\n");
        String[] all = new String[args.length + 3];
        all[0] = "find-max";
        all[1] = w.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        all[all.length - 1] = "--results-dir=" + dir.resolve("results");
        return CliRun.of(all);
    }

    private static void assertInputError(CliRun run, String... fragments) {
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        assertThat(run.stderr().lines().filter(l -> !l.isBlank()).toList()).as(run.transcript()).hasSize(1);
        assertThat(run.stderr()).as(run.transcript()).startsWith("kbench: error: ").contains(fragments);
        assertThat(run.stdout()).doesNotContain("cluster: starting");
    }

    @Test
    void anEndToEndSlaNeedsLiveConsumers() throws IOException {
        assertInputError(findMax("--sla", "e2e.p99<200ms"), "consumers.mode", "needs live consumers");
    }

    @Test
    void theSlaIsOptionalButParsedWhenGiven() throws IOException {
        // Without --sla the search is keep-up only; its other flags are still checked before anything starts.
        assertInputError(findMax("--precision", "lots"), "--precision");
        assertInputError(findMax("--sla", "e2e.p99<200"), "a latency limit needs a unit");
    }

    @Test
    void badNumbersNameTheirFlag() throws IOException {
        assertInputError(findMax("--sla", "publish.p99<1s", "--precision", "lots"), "--precision");
        assertInputError(findMax("--sla", "publish.p99<1s", "--precision", "0%"), "--precision");
        assertInputError(findMax("--sla", "publish.p99<1s", "--start-rate", "0"), "--start-rate");
        assertInputError(findMax("--sla", "publish.p99<1s", "--probe-duration", "soon"), "--probe-duration");
        assertInputError(findMax("--sla", "publish.p99<1s", "--max-probes", "0"), "--max-probes");
        assertInputError(findMax("--sla", "publish.p99<1s", "--keep-up-tolerance", "100%"), "--keep-up-tolerance");
        assertInputError(findMax("--searches", "some"), "--searches", "'some'", "a count (1, 3, ...) or auto");
        assertInputError(findMax("--searches", "0"), "--searches", "must be at least 1");
        assertInputError(findMax("--searches", "auto", "--budget", "2"), "--budget", "must be at least 3");
        assertInputError(findMax("--searches", "auto", "--answer-precision", "0%"), "--answer-precision");
        assertInputError(findMax("--searches", "auto", "--answer-precision", "lots"), "--answer-precision");
        assertInputError(findMax("--searches", "3", "--budget", "7"), "--budget", "only applies to --searches auto");
        assertInputError(findMax("--answer-precision", "5%"), "--answer-precision", "only applies to --searches auto");
    }

    @Test
    void aBadMinRateIsOneLineNamingIt() throws IOException {
        assertInputError(findMax("--min-rate", "0"), "--min-rate: must be a finite number greater than zero (got 0.0)");
        assertInputError(findMax("--min-rate", "slow"), "--min-rate", "slow");
        // Above the start it would be no search below the start at all; with --step too, before any broker starts.
        assertInputError(findMax("--start-rate", "1000", "--min-rate", "5000"), "--min-rate: must be at most --start-rate"
                + " (1,000 records/s): it is how far below a failing start the search goes (got 5,000)");
        assertInputError(findMax("--step", "500", "--min-rate", "2000"), "--min-rate: must be at most --start-rate");
    }

    @Test
    void anUnknownThresholdMetricIsAnInputErrorNotAPass() throws IOException {
        assertInputError(findMax("--sla", "publish.p99<1s", "--threshold", "publish.p98<1s"), "publish.p98");
        assertInputError(findMax("--sla", "publish.p99<1s", "--threshold", "produced.recordsPerSec>fast"), "threshold");
        assertInputError(findMax("--sla", "publish.p99<1s", "--threshold", "e2e.p99<1s"), "consumers.mode",
                "--threshold e2e.p99<1s needs live consumers");
    }
}
