package io.kbench.merge;

import io.kbench.error.InvalidInputException;
import io.kbench.result.ClusterInfo;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Totals;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What runs must have in common to be added up into one result (docs/merge.md): each a single run that measured
 * something and placed its window on the wall clock, all against one cluster, with the same latency origin, consumer
 * mode and report interval, and measuring at the same time. A violation is an input error naming the inputs.
 */
final class MergeRules {
    private MergeRules() {
    }

    /** Checks the directories themselves before anything is read: distinct, and not the output. */
    static void checkPaths(List<Path> dirs, Path out) {
        Set<Path> seen = new HashSet<>();
        for (Path dir : dirs) {
            Path real = normal(dir);
            if (!seen.add(real)) {
                throw new InvalidInputException(dir + ": given twice; each run is added once");
            }
            if (real.equals(normal(out))) {
                throw new InvalidInputException("--out " + out + ": is one of the inputs");
            }
        }
        if (Files.exists(out) && !isEmptyDirectory(out)) {
            throw new InvalidInputException("--out " + out + ": exists and is not empty; merge writes a new directory");
        }
    }

    /** Checks the loaded runs against each other; returns the time all of them were measuring. */
    static Window check(List<InputRun> runs) {
        runs.forEach(MergeRules::checkMeasured);
        checkCluster(runs);
        same(runs, "summary.latencyMeasuredFrom", r -> r.result().summary().latencyMeasuredFrom(),
                "latency measured from the intended and from the actual send time cannot be added up");
        same(runs, "workload.consumers.mode", r -> workload(r).consumers().mode(),
                "an end-to-end latency of only some of the runs would not describe them all");
        same(runs, "workload.reportInterval", r -> workload(r).reportInterval(),
                "the merged interval series needs one interval length");
        same(runs, "workload.producers.stages", r -> workload(r).producers().stages(),
                "runs with and without the same rate stages cannot be added up");
        return commonWindow(runs);
    }

    /** The time every input was measuring: from the latest window start to the earliest window end. */
    record Window(Instant start, Instant end) {
    }

    private static void checkMeasured(InputRun run) {
        RunResult r = run.result();
        if (r.summary() == null || r.workload() == null) {
            throw new InvalidInputException(run.dir() + ": result.json has no summary or workload; nothing to merge");
        }
        Totals window = run.window();
        if (window == null || window.records() == 0) {
            throw new InvalidInputException(run.dir() + ": measured no records; nothing to merge");
        }
        if (window.windowStart() == null) {
            throw new InvalidInputException(run.dir() + ": summary windowStart: missing; the run was written by a kbench"
                    + " that did not record when its measured window was, so it cannot be lined up with"
                    + " other runs");
        }
    }

    /**
     * Each embedded run had a cluster of its own, so their sum would describe no cluster. External runs must name a
     * common bootstrap address (a list may differ, as long as it is one cluster's).
     */
    private static void checkCluster(List<InputRun> runs) {
        InputRun first = runs.get(0);
        for (InputRun run : runs) {
            ClusterInfo c = run.result().cluster();
            if (c == null || !"external".equals(c.mode())) {
                throw new InvalidInputException(run.dir() + ": ran on " + (c == null ? "an unrecorded cluster"
                        : "its own " + c.mode() + " cluster") + "; merge adds up runs against one shared cluster"
                        + " (kbench run --bootstrap-server, e.g. a 'kbench cluster start' cluster)");
            }
            if (run != first && addresses(c).stream().noneMatch(addresses(first.result().cluster())::contains)) {
                throw new InvalidInputException(run.dir() + ": cluster.bootstrapServers " + c.bootstrapServers()
                        + " has no address in common with " + first.dir() + "'s "
                        + first.result().cluster().bootstrapServers() + "; merge adds up runs against one cluster");
            }
        }
    }

    private static Set<String> addresses(ClusterInfo c) {
        return c.bootstrapServers() == null ? Set.of() : Arrays.stream(c.bootstrapServers().split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
    }

    private static void same(List<InputRun> runs, String field, Function<InputRun, Object> value, String why) {
        Object first = value.apply(runs.get(0));
        for (InputRun run : runs) {
            Object v = value.apply(run);
            if (!Objects.equals(first, v)) {
                throw new InvalidInputException(run.dir() + ": " + field + " is " + text(v) + " but " + runs.get(0).dir()
                        + " has " + text(first) + "; " + why);
            }
        }
    }

    private static Window commonWindow(List<InputRun> runs) {
        InputRun latestStart = runs.get(0);
        InputRun earliestEnd = runs.get(0);
        for (InputRun run : runs) {
            if (run.window().windowStart().isAfter(latestStart.window().windowStart())) {
                latestStart = run;
            }
            if (run.window().windowEnd().isBefore(earliestEnd.window().windowEnd())) {
                earliestEnd = run;
            }
        }
        Instant start = latestStart.window().windowStart();
        Instant end = earliestEnd.window().windowEnd();
        // On a line, windows that overlap pairwise share a common part, so the latest start against the earliest end
        // decides: that pair is the one that does not overlap.
        if (!end.isAfter(start)) {
            throw new InvalidInputException(latestStart.dir() + ": measured from " + start + ", after " + earliestEnd.dir()
                    + " had stopped at " + end + "; merge adds up runs that measured at the same time");
        }
        return new Window(start, end);
    }

    private static WorkloadSpec workload(InputRun run) {
        return run.result().workload();
    }

    private static String text(Object v) {
        if (v instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        return v instanceof Duration d ? DurationText.format(d) : String.valueOf(v);
    }

    private static Path normal(Path p) {
        return p.toAbsolutePath().normalize();
    }

    private static boolean isEmptyDirectory(Path p) {
        if (!Files.isDirectory(p)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(p)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}
