package io.kbench.compare;

import io.kbench.catalog.CatalogEntry;
import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.ShortWindow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Like with like for the gate: what the candidate measured under that differs from its baseline runs (durability,
 * offered load, cluster; see {@link Conditions}). The catalog keeps a run's figures, not its configuration, so the
 * conditions are read from each run's result.json under its recorded directory; a baseline run whose file is gone
 * (another host's catalog, results cleaned up) cannot be checked and is counted, not guessed.
 *
 * @param differences every difference between a candidate run and a baseline run, e.g. {@code acks 1 (baseline: all)},
 *                    each once
 * @param durability  the durability differences among them: what the gate refuses unless told otherwise
 * @param unchecked   baseline runs whose result.json could not be read
 * @param shortWindows runs (either side) whose measured window is under {@link ShortWindow#MIN_SECONDS}: their
 *                     figures are mostly start-up and shut-down, and the gate says so beside its verdicts
 */
public record GateConditions(List<String> differences, List<String> durability, int unchecked, int shortWindows) {
    static final String BASELINE = "baseline";

    /** Whether the gate may compare against a baseline whose durability differs from the candidate's. */
    public enum DurabilityChange {
        /** Refuse: exit 2 with one line naming what differs (the default). */
        REFUSE,
        /** Compare anyway, naming the differences (--allow-durability-change). */
        ALLOW
    }

    public GateConditions {
        differences = List.copyOf(differences);
        durability = List.copyOf(durability);
        if (unchecked < 0 || shortWindows < 0) {
            throw new IllegalArgumentException("unchecked, shortWindows: must be >= 0 (got " + unchecked + ", "
                    + shortWindows + ")");
        }
    }

    /** The differences between every candidate run and every baseline run whose result.json can be read. */
    public static GateConditions of(List<CatalogEntry> baseline, List<CatalogEntry> candidate) {
        List<Conditions> base = new ArrayList<>();
        int unchecked = 0;
        int shortWindows = 0;
        for (CatalogEntry e : baseline) {
            Optional<RunResult> run = read(e);
            if (run.isPresent()) {
                base.add(Conditions.of(run.get()));
                shortWindows += isShort(run.get()) ? 1 : 0;
            } else {
                unchecked++;
            }
        }
        Set<String> all = new LinkedHashSet<>();
        Set<String> durable = new LinkedHashSet<>();
        for (CatalogEntry e : candidate) {
            Optional<RunResult> run = read(e);
            if (run.isPresent()) {
                Conditions c = Conditions.of(run.get());
                shortWindows += isShort(run.get()) ? 1 : 0;
                base.forEach(b -> {
                    all.addAll(c.differencesFrom(b, BASELINE));
                    durable.addAll(c.durabilityDifferencesFrom(b, BASELINE));
                });
            }
        }
        return new GateConditions(new ArrayList<>(all), new ArrayList<>(durable), unchecked, shortWindows);
    }

    private static boolean isShort(RunResult run) {
        return ShortWindow.flag(run.summary(), null).isPresent();
    }

    /**
     * Refuses, as an input error naming the baseline and every durability difference in one line, a baseline whose
     * durability differs from the candidate's, unless {@code policy} allows it.
     */
    public void check(String ref, DurabilityChange policy) {
        if (policy == DurabilityChange.REFUSE && !durability.isEmpty()) {
            throw new InvalidInputException("--baseline " + ref + ": durability differs from the candidate's: "
                    + String.join("; ", durability) + "; a different experiment, not a regression (compare anyway with"
                    + " --allow-durability-change)");
        }
    }

    /** The line the terminal prints under the baseline; empty for like with like with every run checked. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        if (!differences.isEmpty()) {
            lines.add("not like with like: " + String.join("; ", differences));
        }
        if (unchecked > 0) {
            lines.add("conditions not checked for " + unchecked + " baseline run(s): their result.json is gone");
        }
        if (shortWindows > 0) {
            lines.add("short window: " + shortWindows + " run(s) measured under " + Comparison.plain(ShortWindow.MIN_SECONDS)
                    + " s: their rates and percentiles are mostly start-up and shut-down; lengthen the runs");
        }
        return lines;
    }

    private static Optional<RunResult> read(CatalogEntry e) {
        try {
            return Optional.of(ResultReader.read(Path.of(e.resultDir()), RunResult.class));
        } catch (InvalidInputException | java.nio.file.InvalidPathException ex) {
            return Optional.empty();
        }
    }
}
