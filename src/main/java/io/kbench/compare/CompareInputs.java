package io.kbench.compare;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.sweep.SweepResult;
import io.kbench.statistics.EffectRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the paths given to {@code kbench compare} into comparisons. A run result is one side; a sweep (its directory or
 * sweep.json) is one side per point that completed. Two or more sweeps and nothing else are compared point by point
 * (the same point of each sweep side by side), which is how a sweep run twice, e.g. on two JDKs, is read.
 */
public final class CompareInputs {
    private CompareInputs() {
    }

    /** The comparisons to show for {@code inputs}, in order, decided by {@link EffectRule#DEFAULT}. */
    public static List<NamedComparison> resolve(List<Path> inputs) {
        return resolve(inputs, EffectRule.DEFAULT);
    }

    /** The comparisons to show for {@code inputs}, in order, each change decided by {@code rule}. */
    public static List<NamedComparison> resolve(List<Path> inputs, EffectRule rule) {
        boolean allSweeps = inputs.stream().allMatch(CompareInputs::isSweep);
        if (inputs.size() >= 2 && allSweeps) {
            return pointByPoint(inputs, rule);
        }
        List<RunSet> sides = new ArrayList<>();
        boolean severalSweeps = inputs.stream().filter(CompareInputs::isSweep).count() > 1;
        for (Path p : inputs) {
            if (isSweep(p)) {
                // With points from more than one sweep, the bare point name would not say which sweep it came from.
                String prefix = severalSweeps ? sweepLabel(p) + "/" : "";
                sweepPoints(p).values().forEach(s -> sides.add(s.labelled(prefix + s.label())));
            } else {
                sides.add(RunSet.load(p));
            }
        }
        if (sides.size() < 2) {
            throw InvalidInputException.field("RESULT", inputs,
                    "compare needs at least two sides (a run is one, a sweep is one per completed point)");
        }
        return List.of(new NamedComparison(null, Comparison.of(sides, rule)));
    }

    /** A sweep directory (holding sweep.json) or a sweep.json file. */
    public static boolean isSweep(Path path) {
        if (Files.isDirectory(path)) {
            return Files.isRegularFile(path.resolve("sweep.json")) && !Files.isRegularFile(path.resolve("result.json"));
        }
        return Files.isRegularFile(path) && path.getFileName().toString().endsWith("sweep.json");
    }

    /** Each point of the sweep with a completed repetition, keyed and labelled by point name, in sweep order. */
    static Map<String, RunSet> sweepPoints(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve("sweep.json") : path;
        Path dir = file.toAbsolutePath().getParent();
        SweepResult sweep = ResultReader.read(file, SweepResult.class);
        Map<String, RunSet> points = new LinkedHashMap<>();
        for (SweepResult.Point p : sweep.points()) {
            if (p.completed() < 1) {
                continue;
            }
            String name = p.name();
            RunSet reps = RunSet.load(dir.resolve("points").resolve(name));
            points.put(name, reps.labelled(name));
        }
        if (points.isEmpty()) {
            throw InvalidInputException.field(file.toString(), "0 completed points", "the sweep has nothing to compare");
        }
        return points;
    }

    /** For every point present in all sweeps, the sweeps side by side; the first sweep is the baseline. */
    private static List<NamedComparison> pointByPoint(List<Path> sweeps, EffectRule rule) {
        List<Map<String, RunSet>> all = sweeps.stream().map(CompareInputs::sweepPoints).toList();
        List<String> labels = sweeps.stream().map(CompareInputs::sweepLabel).toList();
        if (labels.stream().map(l -> l.replaceFirst("^\\d{8}-\\d{6}-", "")).distinct().count() < labels.size()) {
            // The same sweep run twice (jdk17/<time>-s1 and jdk25/<time>-s1): the parent directory says what differs.
            labels = sweeps.stream().map(CompareInputs::sweepLabelWithParent).toList();
        }
        List<NamedComparison> out = new ArrayList<>();
        for (String point : all.get(0).keySet()) {
            if (all.stream().allMatch(m -> m.containsKey(point))) {
                List<RunSet> sides = new ArrayList<>();
                for (int i = 0; i < all.size(); i++) {
                    RunSet s = all.get(i).get(point);
                    sides.add(s.labelled(labels.get(i)));
                }
                out.add(new NamedComparison(point, Comparison.of(sides, rule)));
            }
        }
        if (out.isEmpty()) {
            throw InvalidInputException.field("RESULT", sweeps, "the sweeps share no completed point");
        }
        return out;
    }

    private static String sweepLabel(Path sweep) {
        Path dir = sweepDir(sweep);
        Path name = dir.getFileName();
        return name == null ? dir.toString() : name.toString();
    }

    private static String sweepLabelWithParent(Path sweep) {
        Path dir = sweepDir(sweep);
        Path parent = dir.getParent();
        return parent == null || parent.getFileName() == null ? dir.toString() : parent.getFileName() + "/" + sweepLabel(sweep);
    }

    private static Path sweepDir(Path sweep) {
        return (Files.isDirectory(sweep) ? sweep : sweep.toAbsolutePath().getParent()).toAbsolutePath().normalize();
    }
}
