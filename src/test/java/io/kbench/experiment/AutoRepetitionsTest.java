package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.console.SweepRoundText;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Environment;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import io.kbench.statistics.EffectRule;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** repeat: auto: the sweep file and flags, the budget, and the looks that decide when a sweep has repeated enough. */
class AutoRepetitionsTest {
    private static final Path FILE = Path.of("src/test/resources/sweeps/unit.yaml");
    private static final String BASE = "base: {name: b, producers: {records: 100, recordSize: 100}}\n";
    private static final String LABELS = "points: [{description: a}, {description: b}]\n";
    private static final String SAME = "findings:\n  - {claim: same, metric: produced.recordsPerSec, "
            + "ratio: {of: {description: b}, to: {description: a}}, within: 0.05}\n";

    private static SweepDesign parse(String yaml) {
        return SweepDesign.parse(yaml, FILE);
    }

    @Test
    void repeatTakesACountOrAutoAndAutoABudgetOfRunsOrTime() {
        SweepDesign auto = parse(BASE + "repeat: auto\nbudget: 24\n" + LABELS);
        assertThat(auto.spec().repeat()).isEqualTo(Repeat.AUTO);
        assertThat(auto.budget()).isEqualTo(new Budget(24, null));
        assertThat(parse(BASE + "repeat: auto\nbudget: 30m\n" + LABELS).budget()).isEqualTo(new Budget(null, Duration.ofMinutes(30)));
        assertThat(parse(BASE + "repeat: auto\n" + LABELS).budget()).as("10 per point").isEqualTo(new Budget(20, null));
        assertThat(parse(BASE + "repeat: 5\n" + LABELS).spec().repeat()).isEqualTo(Repeat.fixed(5));
        assertThatThrownBy(() -> parse(BASE + "repeat: 5\nbudget: 24\n" + LABELS)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("budget").hasMessageContaining("only applies to repeat: auto");
        assertThatThrownBy(() -> parse(BASE + "repeat: auto\norder: sequential\n" + LABELS))
                .hasMessageContaining("order").hasMessageContaining("interleaved or random");
        assertThatThrownBy(() -> parse(BASE + "repeat: often\n" + LABELS)).hasMessageContaining("repeat")
                .hasMessageContaining("'often'").hasMessageContaining("or auto");
        assertThatThrownBy(() -> parse(BASE + "repeat: auto\nbudget: soon\n" + LABELS)).hasMessageContaining("budget")
                .hasMessageContaining("'soon'").hasMessageContaining("30m");
        assertThatThrownBy(() -> Budget.parse("--budget", "0")).hasMessageContaining("--budget").hasMessageContaining("at least one run");
    }

    @Test
    void theFlagsOverrideTheFile() {
        SweepDesign file = parse(BASE + "repeat: auto\nbudget: 40\n" + LABELS);
        assertThat(file.withRepetitions(null, Budget.parse("--budget", "2h")).budget().time()).isEqualTo(Duration.ofHours(2));
        SweepDesign fixed = file.withRepetitions(Repeat.parse("--repetitions", "4"), null);
        assertThat(fixed.spec().repeat()).isEqualTo(Repeat.fixed(4));
        assertThat(fixed.spec().budget()).as("a fixed count drops the file's budget").isNull();
        SweepDesign auto = parse(BASE + "repeat: 2\n" + LABELS).withRepetitions(Repeat.parse("--repetitions", "auto"), null);
        assertThat(auto.spec().repeat().auto()).isTrue();
        assertThatThrownBy(() -> parse(BASE + LABELS).withRepetitions(null, Budget.parse("--budget", "9")))
                .hasMessageContaining("--repetitions/--budget").hasMessageContaining("only applies to repeat: auto");
        assertThatThrownBy(() -> Repeat.parse("--repetitions", "101")).hasMessageContaining("--repetitions");
    }

    @Test
    void theCommandLineTakesRepetitionsAndBudgetAndSaysWhatItWillRun() {
        String file = SweepIT.SWEEPS + "it-labels.yaml";
        io.kbench.cli.CliRun bad = io.kbench.cli.CliRun.of("sweep", file, "--repetitions", "often", "--dry-run");
        assertThat(bad.exitCode()).as(bad.transcript()).isEqualTo(2);
        assertThat(bad.stderr()).contains("--repetitions").contains("'often'");
        io.kbench.cli.CliRun timed = io.kbench.cli.CliRun.of("sweep", file, "--budget", "30m", "--dry-run");
        assertThat(timed.exitCode()).as(timed.transcript()).isZero();
        assertThat(timed.stdout()).contains("# point 1/2: description=a, repetitions auto (budget 30m)");
        io.kbench.cli.CliRun fixed = io.kbench.cli.CliRun.of("sweep", file, "--repetitions", "4", "--dry-run");
        assertThat(fixed.exitCode()).as(fixed.transcript()).isZero();
        assertThat(fixed.stdout()).contains("# point 2/2: description=b, 4 repetition(s)");
    }

    @Test
    void aCountBudgetStartsOnlyRoundsItCanFinishAndMustCoverTheMinimum() {
        SweepDesign design = parse(BASE + "repeat: auto\nbudget: 9\n" + LABELS);
        SequentialSweep auto = new SequentialSweep(design, design.budget(), EffectRule.DEFAULT);
        assertThat(auto.nextRoundFits(3, Duration.ZERO, Duration.ZERO)).as("8 runs").isTrue();
        assertThat(auto.nextRoundFits(4, Duration.ZERO, Duration.ZERO)).as("10 runs > 9").isFalse();
        assertThatThrownBy(() -> new SequentialSweep(design, new Budget(5, null), EffectRule.DEFAULT))
                .hasMessageContaining("budget").hasMessageContaining("give 6 runs or more");
        SequentialSweep timed = new SequentialSweep(design, new Budget(null, Duration.ofMinutes(10)), EffectRule.DEFAULT);
        assertThat(timed.nextRoundFits(0, Duration.ofHours(1), Duration.ZERO)).as("the first round always").isTrue();
        assertThat(timed.nextRoundFits(2, Duration.ofMinutes(8), Duration.ofMinutes(2))).isTrue();
        assertThat(timed.nextRoundFits(2, Duration.ofMinutes(8), Duration.ofSeconds(121))).isFalse();
        SequentialSweep large = new SequentialSweep(design, new Budget(1000, null), EffectRule.DEFAULT);
        assertThat(large.nextRoundFits(99, Duration.ZERO, Duration.ZERO)).isTrue();
        assertThat(large.nextRoundFits(100, Duration.ZERO, Duration.ZERO)).as("100 repetitions a point at most").isFalse();
    }

    /** Two labels of one steady rate: equivalent within 5% at the first look (3 a side), the sweep stops there. */
    @Test
    void identicalPointsAreDecidedEquivalentAtTheFirstLookAndStop() {
        SweepDesign design = parse(BASE + "repeat: auto\nbudget: 20\n" + LABELS + SAME);
        SequentialSweep auto = new SequentialSweep(design, design.budget(), EffectRule.DEFAULT);
        Random random = new Random(1);
        List<List<Summary>> runs = List.of(new ArrayList<>(), new ArrayList<>());
        SweepRepetitions.Look look = null;
        int round = 0;
        while (!auto.allDecided() && auto.nextRoundFits(round, Duration.ZERO, Duration.ZERO)) {
            round++;
            runs.get(0).add(run(10_000 * (1 + 0.002 * random.nextGaussian())));
            runs.get(1).add(run(10_000 * (1 + 0.002 * random.nextGaussian())));
            look = auto.look(round, 2 * round, Duration.ZERO, !auto.nextRoundFits(round, Duration.ZERO, Duration.ZERO),
                    partial(design, runs));
            assertThat(look == null).as("no look before 3 rounds").isEqualTo(round < 3);
        }
        assertThat(round).isEqualTo(3);
        assertThat(look.decided()).isEqualTo(1);
        assertThat(look.t()).isEqualTo(0.3);
        assertThat(look.confidence()).isGreaterThan(0.999).isLessThan(1);
        SweepRepetitions section = auto.section();
        assertThat(section.mode()).isEqualTo(RepetitionMode.AUTO);
        assertThat(section.decisions()).singleElement().satisfies(d -> {
            assertThat(d.outcome()).isEqualTo("held");
            assertThat(d.repetitions()).isEqualTo(3);
            assertThat(d.look()).isEqualTo(1);
        });
        assertThat(section.undecided()).isEmpty();
        assertThat(auto.verdicts()).singleElement().satisfies(v -> assertThat(v.outcome().json()).isEqualTo("held"));
        assertThat(SweepRoundText.line(look, true, 20, Duration.ZERO, null))
                .startsWith("round 3: 1 of 1 findings decided; budget 6 of 20 runs; look at 99.9");
        assertThat(SweepRoundText.waiting(1, 2, 3, null, Duration.ofSeconds(75), Duration.ofMinutes(30)))
                .isEqualTo("round 1: no look before 3 repetitions of every point; budget 75s of 30m (2 runs)");
    }

    /** Pure noise of 20% between runs: nothing is decided, the sweep spends its budget and says what stayed open. */
    @Test
    void noisyPointsSpendTheBudgetAndStayUndecidedWithTheLastLookAtTheRestOfAlpha() {
        SweepDesign design = parse(BASE + "repeat: auto\nbudget: 12\n" + LABELS);
        SequentialSweep auto = new SequentialSweep(design, design.budget(), EffectRule.DEFAULT);
        Random random = new Random(3);
        List<List<Summary>> runs = List.of(new ArrayList<>(), new ArrayList<>());
        int round = 0;
        while (!auto.allDecided() && auto.nextRoundFits(round, Duration.ZERO, Duration.ZERO)) {
            round++;
            runs.get(0).add(run(10_000 * Math.exp(0.2 * random.nextGaussian())));
            runs.get(1).add(run(10_000 * Math.exp(0.2 * random.nextGaussian())));
            auto.look(round, 2 * round, Duration.ZERO, !auto.nextRoundFits(round, Duration.ZERO, Duration.ZERO),
                    partial(design, runs));
        }
        SweepRepetitions section = auto.section();
        assertThat(round).isEqualTo(6);
        assertThat(section.looks()).extracting(SweepRepetitions.Look::round).containsExactly(3, 4, 5, 6);
        assertThat(section.looks().get(3).t()).isEqualTo(1.0);
        assertThat(section.looks().get(3).spent()).isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(section.finalConfidence()).isEqualTo(section.looks().get(3).confidence());
        assertThat(section.decisions()).hasSize(2).allSatisfy(d -> assertThat(d.look()).isNull());
        assertThat(section.undecided()).containsExactly("description=b vs description=a on produced records/s",
                "description=b vs description=a on publish p99");
    }

    private static SweepResult partial(SweepDesign design, List<List<Summary>> runs) {
        List<Sweep.PointResult> points = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            List<String> reps = new ArrayList<>();
            for (int r = 1; r <= runs.get(i).size(); r++) {
                reps.add("points/" + design.points().get(i).name() + "/rep-" + r + "/result.json");
            }
            points.add(new Sweep.PointResult(design.points().get(i), 1, reps, runs.get(i).size(), runs.get(i).size(), 0,
                    PointSummary.of(runs.get(i)), List.of(), 0, List.of(), null));
        }
        return SweepFiles.toResult(new Sweep.SweepOutcome(design, points, false, Instant.EPOCH, Instant.EPOCH,
                Environment.capture(), List.of(), null));
    }

    /** A run at {@code recordsPerSec} whose publish p99 follows it (a busier broker answers later). */
    private static Summary run(double recordsPerSec) {
        Totals t = new Totals(1000, 100_000, recordsPerSec, recordsPerSec / 10_000, 1.0, 0, null, 0, null, null);
        long p99 = Math.round(recordsPerSec / 2);
        LatencyStats l = new LatencyStats(1000, 100, 200, p99, p99, p99, 150);
        return new Summary("intendedSendTime", t, null, l, null, null, null);
    }
}
