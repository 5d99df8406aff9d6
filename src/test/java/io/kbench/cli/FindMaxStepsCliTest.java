package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench find-max --step}: the ladder's flags checked before anything starts (exit 2, one line naming the flag
 * and its value), and its dry run.
 */
class FindMaxStepsCliTest {
    private static final Duration FAST = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private CliRun findMax(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "find-max";
        all[1] = "--set";
        all[2] = "consumers.mode=none";
        System.arraycopy(args, 0, all, 3, args.length);
        return CliRun.leavingNothing(dir.resolve("results"), all);
    }

    @Test
    void aStepMustBeARateAboveZero() {
        findMax("--step", "0").assertOneErrorLine(2, FAST, "--step: must be a finite number greater than zero (got 0.0)");
        findMax("--step", "-500").assertOneErrorLine(2, FAST, "--step", "(got -500.0)");
        findMax("--step", "fast").assertOneErrorLine(2, FAST, "--step", "fast");
        findMax("--step", "500", "--max-rate", "0").assertOneErrorLine(2, FAST, "--max-rate", "greater than zero");
    }

    @Test
    void theBisectionsFlagsAreRefusedBesideAStep() {
        findMax("--step", "500", "--precision", "5%").assertOneErrorLine(2, FAST, "--precision: is the bisection's;"
                + " with --step the answer's precision is the step (500 records/s) (got 5%)");
        findMax("--step", "500", "--searches", "auto", "--answer-precision", "10%").assertOneErrorLine(2, FAST,
                "--answer-precision", "use --searches N with --step", "(got 10%)");
        findMax("--step", "500", "--searches", "auto").assertOneErrorLine(2, FAST, "--searches: cannot be used with --step",
                "1,000 + k x 500 records/s", "(got auto)");
        findMax("--max-rate", "9000").assertOneErrorLine(2, FAST, "--max-rate", "only applies to --step", "(got 9000.0)");
    }

    @Test
    void aLadderTheBudgetCannotClimbIsRefusedWithItsNumbers() {
        findMax("--step", "10", "--max-rate", "100000").assertOneErrorLine(2, FAST, "--step: climbing from --start-rate"
                + " 1,000 to --max-rate 100,000 records/s takes 9,901 probes, more than --max-probes 20");
        findMax("--step", "500", "--start-rate", "2000", "--max-rate", "1000").assertOneErrorLine(2, FAST,
                "--max-rate: must be at least --start-rate (2,000 records/s) (got 1,000)");
    }

    @Test
    void theDryRunDescribesTheLadder() {
        CliRun run = findMax("--step", "500", "--start-rate", "2000", "--max-rate", "6000", "--probe-duration", "2s",
                "--dry-run");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("rate: 2000", "# find-max: a step ladder from 2,000"
                + " records/s, +500 records/s after every probe that passes, up to 6,000 records/s (9 probes, --max-rate),"
                + " 2s each after 3s warm-up; the answer is the last rate that passed, to within one step; a failing start"
                + " goes down by the step to --min-rate 31 records/s; SLA: none");
        CliRun floor = findMax("--step", "500", "--start-rate", "2000", "--min-rate", "1000", "--dry-run");
        assertThat(floor.stdout()).as(floor.transcript()).contains("a failing start goes down by the step to --min-rate"
                + " 1,000 records/s");
        CliRun three = findMax("--step", "500", "--searches", "3", "--dry-run");
        assertThat(three.stdout()).as(three.transcript()).contains("# find-max: 3 independent searches, each a step ladder"
                + " from 1,000 records/s", "up to 10,500 records/s (20 probes, --max-probes)");
    }
}
