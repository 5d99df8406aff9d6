package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cli.CliRun;
import io.kbench.result.Spread;
import io.kbench.result.io.ResultReader;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code repeat: auto} sweeps of issue 37's first "done when" (RepetitionsIT, HalfCoreRepetitionsIT): the
 * quick-start workload in short runs, and what every decided auto sweep must show. Two classes so that failsafe's
 * timing forks run the two sweeps side by side instead of one after the other in one fork.
 */
final class AutoSweeps {
    /** Short runs of the quick start: what the findings compare is the same however long a run is. */
    private static final String[] SHORT = {"--set", "producers.duration=4s", "--set", "producers.warmup=null",
        "--broker-heap", "512m"};

    private AutoSweeps() {
    }

    /** A finished sweep: its command line's output and its sweep.json. */
    record Finished(CliRun run, SweepResult result) {
        /** Whether the round lines say the sweep's one finding was decided. */
        boolean decided() {
            return DECIDED.matcher(run.stdout()).find();
        }
    }

    private static final java.util.regex.Pattern DECIDED =
            java.util.regex.Pattern.compile("sweep: round \\d+: 1 of 1 findings decided; budget \\d+ of \\d+ runs");

    /** Runs {@code file} (under src/test/resources/sweeps) at {@code rate} records/s; exit 0, decided or not. */
    static Finished sweep(Path results, String file, String rate, String... more) throws IOException {
        Path dir = results.resolve(file.replace(".yaml", ""));
        String[] args = new String[SHORT.length + 6 + more.length];
        System.arraycopy(new String[] {"sweep", SweepIT.SWEEPS + file, "--results-dir", dir.toString(), "--set",
            "producers.rate=" + rate}, 0, args, 0, 6);
        System.arraycopy(SHORT, 0, args, 6, SHORT.length);
        System.arraycopy(more, 0, args, 6 + SHORT.length, more.length);
        CliRun run = CliRun.of(args);
        // The rounds and the finding, kept in failsafe's report (target/failsafe-reports/*-output.txt): docs/sweeps.md
        // quotes them.
        run.stdout().lines().filter(l -> l.startsWith("sweep: round") || l.startsWith("finding ")
                || l.startsWith("  description=")).forEach(System.out::println);
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        try (Stream<Path> dirs = Files.list(dir)) {
            Path sweepDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
            return new Finished(run, ResultReader.read(sweepDir.resolve("sweep.json"), SweepResult.class));
        }
    }

    /**
     * The precondition of an undecided sweep, measured: every run of each of {@code points} made at least
     * {@code share} of the offered {@code rate}. Where the machine could not give a point its load (other builds beside
     * the test; one stalled run widens the interval past any margin) the sweep had nothing to decide on: the test is
     * aborted as not testable here, with the figures. A decided sweep is judged whatever its points made.
     */
    static void assumeUndecidedOnlyWhereAPointFellShort(Finished finished, int rate, double share, String... points) {
        if (finished.decided()) {
            return;
        }
        for (String name : points) {
            Spread made = finished.result().points().stream().filter(p -> p.name().equals(name)).findFirst()
                    .orElseThrow().summary().produced().recordsPerSec();
            if (made.min() < share * rate) {
                assumeTrue(false, () -> "not testable here: " + name + " made " + made.min() + ".." + made.max()
                        + " records/s of the " + rate + " offered (each run needs " + share + " of it)\n" + finished.run().stdout().lines().filter(l -> l.startsWith("sweep: round")
                        || l.startsWith("  description=")).collect(java.util.stream.Collectors.joining("\n")));
            }
        }
    }

    /** Decided in at most half the budget, every look within its alpha, the runs interleaved A B B A. */
    static void decidedWithinTheBudget(Finished finished, int budget) {
        assertThat(finished.decided()).as(finished.run().transcript()).isTrue();
        SweepResult sweep = finished.result();
        SweepRepetitions reps = sweep.repetitions();
        assertThat(reps.mode()).isEqualTo(RepetitionMode.AUTO);
        assertThat(reps.budgetRuns()).isEqualTo(budget);
        assertThat(reps.undecided()).isEmpty();
        SweepRepetitions.Decision decision = reps.decisions().get(0);
        assertThat(decision.look()).isNotNull();
        assertThat(decision.repetitions()).isBetween(Repeat.AUTO_MINIMUM, budget / 2);
        SweepRepetitions.Look last = reps.looks().get(reps.looks().size() - 1);
        assertThat(last.runs()).isLessThanOrEqualTo(budget);
        assertThat(last.spent()).isLessThanOrEqualTo(0.05 + 1e-12);
        assertThat(sweep.repeat()).isEqualTo(decision.repetitions());
        // Interleaved in the balanced order: A B B A A B ...
        List<String> order = sweep.runOrder().stream().map(SweepResult.Slot::point).toList();
        String a = sweep.points().get(0).name();
        String b = sweep.points().get(1).name();
        assertThat(order.subList(0, 4)).containsExactly(a, b, b, a);
    }
}
