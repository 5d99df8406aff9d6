package io.kbench.experiment;

import io.kbench.console.SweepRoundText;
import io.kbench.result.Spread;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import io.kbench.statistics.SequentialLooks;
import io.kbench.study.Finding;
import io.kbench.study.FindingJudge;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * {@code repeat: auto}: after each complete round of a sweep, looks at the repetitions so far and says whether the
 * sweep has decided everything it waits for: each finding (its verdict not inconclusive), or, without findings, every
 * point against the first on produced records/s and publish p99 (higher, lower or equivalent within ±5% by {@link
 * EffectRule}). Each look judges at its share of alpha ({@link SequentialLooks}: Lan &amp; DeMets 1983, O'Brien-Fleming
 * type), so that looking after every round keeps the error rate of each decision within 1 - the base confidence. A
 * decision, once taken, stands: later rounds serve the decisions still open. The information fraction of a look is the
 * runs so far over the budget's (a time budget: the time so far over it), and 1 at the last round the budget allows,
 * so the last look spends what is left.
 */
final class SequentialSweep {
    /** The figures each point is compared on against the first when the sweep declares no findings. */
    private static final List<String[]> FIGURES = List.of(new String[] {"produced", "recordsPerSec", "produced records/s"},
            new String[] {"publish", "p99", "publish p99"});

    private final SweepDesign design;
    private final Budget budget;
    private final EffectRule base;
    private final SequentialLooks looks;
    private final List<SweepRepetitions.Look> taken = new ArrayList<>();
    /** Every decision by key (findings[i], or the comparison's name), in order: the decided ones as they were taken, the open ones as last judged. */
    private final Map<String, SweepRepetitions.Decision> decisions = new LinkedHashMap<>();
    private final Map<String, FindingVerdict> verdicts = new LinkedHashMap<>();
    private double lastT;
    private Double lastConfidence;

    /**
     * @param design the sweep; its points and findings
     * @param budget what it may spend
     * @param base   the confidence the looks spend in all (1 - alpha) and the equivalence margin without findings
     */
    SequentialSweep(SweepDesign design, Budget budget, EffectRule base) {
        this.design = design;
        this.budget = budget;
        this.base = base;
        this.looks = SequentialLooks.of(base);
        if (budget.runs() != null && budget.runs() < Repeat.AUTO_MINIMUM * design.points().size()) {
            throw io.kbench.error.InvalidInputException.field("budget", budget, "cannot run the " + Repeat.AUTO_MINIMUM
                    + " repetitions of each of the " + design.points().size() + " points before the first look: give "
                    + Repeat.AUTO_MINIMUM * design.points().size() + " runs or more");
        }
    }

    Budget budget() {
        return budget;
    }

    /** The sweep's side of the rounds: running them and its points as they stand. */
    interface Rounds {
        /** Runs {@code round}'s repetitions; false when the sweep was interrupted. */
        boolean run(List<RunOrder.Slot> round);

        /** The sweep's points so far, as sweep.json would hold them. */
        SweepResult sofar();

        /** The runs made so far. */
        int runs();
    }

    /**
     * Rounds over all points (in the sweep's order, shuffled by {@code random} for {@code order: random}) while the
     * budget can finish one, a look after each (from the minimum on) printed as one line, until everything is decided.
     */
    void run(Rounds rounds, Random random, Instant start, PrintStream out) {
        Duration slowest = Duration.ZERO;
        for (int round = 1; nextRoundFits(round - 1, Duration.between(start, Instant.now()), slowest); round++) {
            Instant roundStart = Instant.now();
            if (!rounds.run(RunOrder.round(design.points().size(), round, design.spec().order(), random))) {
                return;
            }
            Duration took = Duration.between(roundStart, Instant.now());
            slowest = took.compareTo(slowest) > 0 ? took : slowest;
            Duration elapsed = Duration.between(start, Instant.now());
            SweepRepetitions.Look look = look(round, rounds.runs(), elapsed, !nextRoundFits(round, elapsed, slowest),
                    rounds.sofar());
            if (look != null) {
                out.println("sweep: " + SweepRoundText.line(look, findings(), budget.runs(), elapsed, budget.time()));
            } else if (round < Repeat.AUTO_MINIMUM) {
                out.println("sweep: " + SweepRoundText.waiting(round, rounds.runs(), Repeat.AUTO_MINIMUM, budget.runs(),
                        elapsed, budget.time()));
            }
            if (allDecided()) {
                return;
            }
        }
    }

    /**
     * Whether round {@code done + 1} fits the budget: its runs within a count budget, or, for a time budget, the time
     * so far plus the slowest round yet within it (the first round always starts); never more than {@value
     * Repeat#MAX} rounds.
     */
    boolean nextRoundFits(int done, Duration elapsed, Duration slowestRound) {
        int points = design.points().size();
        if (done >= Repeat.MAX) {
            return false; // a point's repetitions are capped as a fixed repeat's are
        }
        if (budget.runs() != null) {
            return (done + 1) * points <= budget.runs();
        }
        return done == 0 || elapsed.plus(slowestRound).compareTo(budget.time()) <= 0;
    }

    /**
     * The look after round {@code round} ({@code runs} runs so far), on {@code partial}, the sweep's points as they
     * stand; null before the minimum rounds unless the round is the last.
     *
     * @param last whether the budget allows no further round
     */
    SweepRepetitions.Look look(int round, int runs, Duration elapsed, boolean last, SweepResult partial) {
        if (round < Repeat.AUTO_MINIMUM && !last) {
            return null;
        }
        double t = last ? 1 : budget.runs() != null ? Math.min(1, (double) runs / budget.runs())
                : Math.min(1, (double) elapsed.toMillis() / budget.time().toMillis());
        if (t <= lastT) {
            return null; // no new information since the last look
        }
        SequentialLooks.Look look = looks.look(lastT, t, base.margin());
        Double confidence = null;
        if (look.canDecide()) {
            lastT = look.t();
            confidence = look.rule().confidence();
            lastConfidence = confidence;
            judge(look.rule(), round, taken.size() + 1, partial);
        }
        int decided = (int) decisions.values().stream().filter(d -> d.look() != null).count();
        SweepRepetitions.Look recorded = new SweepRepetitions.Look(round, runs, t, look.spent(), confidence, decided,
                Math.max(decisions.size(), expected()));
        taken.add(recorded);
        return recorded;
    }

    /** Whether every decision was taken. */
    boolean allDecided() {
        return !decisions.isEmpty() && decisions.values().stream().allMatch(d -> d.look() != null);
    }

    /** Whether the sweep waits for its findings (else: every point against the first). */
    boolean findings() {
        return !design.findings().isEmpty();
    }

    /** The decisions the sweep waits for in all. */
    private int expected() {
        return findings() ? design.findings().size() : (design.points().size() - 1) * FIGURES.size();
    }

    private void judge(EffectRule rule, int round, int lookNumber, SweepResult partial) {
        if (findings()) {
            for (int i = 0; i < design.findings().size(); i++) {
                Finding f = design.findings().get(i);
                String key = "findings[" + i + "]";
                if (decided(key)) {
                    continue;
                }
                FindingVerdict v = FindingJudge.judge(f, partial, rule);
                verdicts.put(key, v);
                boolean done = v.outcome() != FindingOutcome.INCONCLUSIVE;
                String text = v.groups().stream().map(FindingVerdict.Group::shown).collect(Collectors.joining("; "));
                decisions.put(key, new SweepRepetitions.Decision(f.claim(), v.outcome().json(), round,
                        done ? lookNumber : null, text));
            }
            return;
        }
        SweepResult.Point first = partial.points().get(0);
        for (SweepResult.Point p : partial.points().subList(1, partial.points().size())) {
            for (String[] figure : FIGURES) {
                String name = p.name() + " vs " + first.name() + " on " + figure[2];
                if (decided(name)) {
                    continue;
                }
                double[] a = values(first, figure);
                double[] b = values(p, figure);
                if (a == null || b == null) {
                    decisions.put(name, new SweepRepetitions.Decision(name, "undecided", round, null,
                            "a point has no repetition with a positive " + figure[2]));
                    continue;
                }
                Effect e = rule.decide(a, b);
                decisions.put(name, new SweepRepetitions.Decision(name, e.outcome().name().toLowerCase(java.util.Locale.ROOT),
                        round, e.decided() ? lookNumber : null, e.text()));
            }
        }
    }

    private boolean decided(String name) {
        SweepRepetitions.Decision d = decisions.get(name);
        return d != null && d.look() != null;
    }

    private static double[] values(SweepResult.Point p, String[] figure) {
        Spread s = p.summary() == null ? null : p.summary().spread(figure[0], figure[1]);
        double[] v = s == null ? null : s.repetitions().orElse(null);
        return v == null || java.util.Arrays.stream(v).anyMatch(x -> !(x > 0)) ? null : v;
    }

    /** The findings' verdicts: each as decided, or as judged at the last look; null when no look judged them. */
    List<FindingVerdict> verdicts() {
        if (!findings() || verdicts.size() != design.findings().size()) {
            return null;
        }
        return java.util.stream.IntStream.range(0, design.findings().size()).mapToObj(i -> verdicts.get("findings[" + i + "]"))
                .toList();
    }

    /** The sweep.json section. */
    SweepRepetitions section() {
        List<String> undecided = decisions.values().stream().filter(d -> d.look() == null)
                .map(SweepRepetitions.Decision::name).toList();
        return new SweepRepetitions(RepetitionMode.AUTO, budget.runs(),
                budget.time() == null ? null : budget.time().toMillis() / 1000.0, Repeat.AUTO_MINIMUM, taken,
                lastConfidence, List.copyOf(decisions.values()), undecided);
    }
}
