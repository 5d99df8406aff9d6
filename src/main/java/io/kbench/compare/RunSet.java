package io.kbench.compare;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Kpi;
import io.kbench.result.Spread;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.ShortWindow;
import io.kbench.result.run.SteadyState;
import io.kbench.result.run.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * The completed runs of one side of a comparison: one result.json, or the repetitions of a sweep point.
 *
 * @param label  how tables name this side (the directory or file name)
 * @param source the path given
 * @param runs   summaries of the completed runs, at least one
 * @param telemetry the telemetry figures of the same runs, in the same order (empty maps for runs without telemetry)
 * @param conditions what the first completed run measured under (durability, offered load, cluster)
 * @param driftingRuns how many of the runs drifted over their window (result.json {@code drift}): their averages are no
 *                     level, so a comparison with this side is not judged
 */
public record RunSet(String label, Path source, List<Summary> runs, List<Map<TelemetryKpi, Double>> telemetry,
                     Conditions conditions, int driftingRuns) {
    public RunSet {
        if (runs == null || runs.isEmpty()) {
            throw InvalidInputException.field(String.valueOf(source), "no runs", "needs at least one completed run");
        }
        runs = List.copyOf(runs);
        telemetry = List.copyOf(telemetry);
        java.util.Objects.requireNonNull(conditions, "conditions");
    }

    /** The same runs under another label. */
    public RunSet labelled(String newLabel) {
        return new RunSet(newLabel, source, runs, telemetry, conditions, driftingRuns);
    }

    /** Reads a result.json, a run directory, or a sweep point directory holding rep-N/result.json. */
    public static RunSet load(Path path) {
        List<Path> files = resultFiles(path);
        List<Summary> runs = new ArrayList<>();
        List<Map<TelemetryKpi, Double>> telemetry = new ArrayList<>();
        List<Conditions> conditions = new ArrayList<>();
        int[] drifting = {0};
        for (Path file : files) {
            readCompletedRun(file).ifPresent(run -> {
                drifting[0] += run.steadyState().filter(s -> s == SteadyState.DRIFTING).isPresent() ? 1 : 0;
                runs.add(run.summary());
                telemetry.add(telemetryFigures(run));
                conditions.add(Conditions.of(run));
            });
        }
        if (runs.isEmpty()) {
            throw InvalidInputException.field(path.toString(), files.size() + " result(s)", "none has status completed");
        }
        Path name = path.toAbsolutePath().normalize().getFileName();
        String label = name == null ? path.toString() : name.toString().equals("result.json")
                && path.toAbsolutePath().getParent() != null ? path.toAbsolutePath().getParent().getFileName().toString()
                : name.toString();
        return new RunSet(label, path, runs, telemetry, conditions.get(0), drifting[0]);
    }

    /** The telemetry figure over the runs that have it; empty when none does. */
    public Optional<Spread> spread(TelemetryKpi kpi) {
        List<Double> values = values(kpi);
        return values.isEmpty() ? Optional.empty() : Optional.of(Spread.of(values));
    }

    /** The telemetry figure of each run that has it, in run order. */
    public List<Double> values(TelemetryKpi kpi) {
        return telemetry.stream().map(m -> m.get(kpi)).filter(v -> v != null).toList();
    }

    /** Why this side's figures are no level to compare: "2 of 3 runs drifted"; empty when none drifted. */
    public Optional<String> drifting() {
        return driftingRuns == 0 ? Optional.empty() : Optional.of(driftingRuns + " of " + runs.size() + " run(s) drifted");
    }

    /** The short-window flag of this side's shortest measured window (produced, else consumed); empty when none is short. */
    public Optional<String> shortWindow() {
        return runs.stream().map(r -> r.produced() != null && r.produced().records() > 0 ? r.produced() : r.consumed())
                .filter(t -> t != null).mapToDouble(t -> t.windowSec()).min().stream()
                .mapToObj(w -> ShortWindow.flag(w, -1)).flatMap(Optional::stream).findFirst();
    }

    private static Map<TelemetryKpi, Double> telemetryFigures(RunResult run) {
        Map<TelemetryKpi, Double> figures = new EnumMap<>(TelemetryKpi.class);
        for (TelemetryKpi kpi : TelemetryKpi.values()) {
            kpi.valueIn(run).ifPresent(v -> figures.put(kpi, v));
        }
        return figures;
    }

    /** The KPI over the runs that measured it; empty when none did. */
    public Optional<Spread> spread(Kpi kpi) {
        List<Double> values = values(kpi);
        return values.isEmpty() ? Optional.empty() : Optional.of(Spread.of(values));
    }

    /** The KPI of each run that measured it, in run order. */
    public List<Double> values(Kpi kpi) {
        return runs.stream().map(kpi::valueIn).filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble)
                .toList();
    }

    private static List<Path> resultFiles(Path path) {
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        if (!Files.isDirectory(path)) {
            throw InvalidInputException.field("compare", path, "no such file or directory");
        }
        if (Files.isRegularFile(path.resolve("result.json"))) {
            return List.of(path.resolve("result.json"));
        }
        try (Stream<Path> reps = Files.list(path)) {
            List<Path> found = reps.filter(p -> p.getFileName().toString().startsWith("rep-"))
                    .map(p -> p.resolve("result.json")).filter(Files::isRegularFile).sorted().toList();
            if (found.isEmpty()) {
                throw InvalidInputException.field("compare", path, "holds neither result.json nor rep-*/result.json");
            }
            return found;
        } catch (IOException e) {
            throw InvalidInputException.field("compare", path, "cannot list it: " + e.getMessage());
        }
    }

    /** The summary of a completed run; empty for failed or interrupted ones. */
    public static Optional<Summary> readCompleted(Path file) {
        return readCompletedRun(file).map(RunResult::summary);
    }

    /** A completed run; empty for failed or interrupted ones. */
    private static Optional<RunResult> readCompletedRun(Path file) {
        RunResult run = ResultReader.read(file, RunResult.class);
        if (run.status() != RunStatus.COMPLETED) {
            return Optional.empty();
        }
        if (run.summary() == null) {
            throw InvalidInputException.field(file + ": summary", "missing", "a completed run records its summary");
        }
        return Optional.of(run);
    }
}
