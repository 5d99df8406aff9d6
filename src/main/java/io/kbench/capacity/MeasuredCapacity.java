package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Figure;
import io.kbench.result.KbenchResult;
import io.kbench.result.Spread;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.SweepResult;
import io.kbench.unit.Units;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The rate a kbench result measured, read through {@link ResultReader}: a find-max's sustainable rate under its SLA,
 * a run's achieved produce rate, or a sweep's best point.
 *
 * @param metric where in the result the numbers come from (as JSON paths), so the report can say exactly which figure was taken
 * @param sla the find-max SLA; null for runs and sweeps
 * @param instanceType {@code tags.instanceType}, null when the result is untagged
 * @param label {@code tags.label} if present, else the result's directory or file name
 * @param caveat why the figure may understate the capacity (a run held to a fixed rate), null when it does not
 */
public record MeasuredCapacity(
        Path source,
        String kind,
        String metric,
        double clusterRecordsPerSec,
        double clusterMebibytesPerSec,
        int brokers,
        String sla,
        String instanceType,
        String label,
        String caveat) {

    public MeasuredCapacity {
        Checks.positive(source + ": " + metric + " records/s", clusterRecordsPerSec);
        Checks.positive(source + ": " + metric + " MiB/s", clusterMebibytesPerSec);
        Checks.atLeast(source + ": cluster.brokers", brokers, 1);
    }

    public double perBrokerRecordsPerSec() {
        return clusterRecordsPerSec / brokers;
    }

    public double perBrokerMebibytesPerSec() {
        return clusterMebibytesPerSec / brokers;
    }

    public BrokerCapacity toBrokerCapacity() {
        String text = kind + " result " + source + ": " + metric + " " + Figure.format(clusterMebibytesPerSec)
                + " MiB/s / " + brokers + " brokers = " + Figure.format(perBrokerMebibytesPerSec()) + " MiB/s per broker"
                + (sla != null ? " (SLA " + sla + ")" : "") + (caveat != null ? "; " + caveat : "");
        return new BrokerCapacity(perBrokerMebibytesPerSec() * Units.BYTES_PER_MIB, text);
    }

    public static MeasuredCapacity fromResult(Path path) {
        return fromResult(path, null);
    }

    /**
     * Reads a result.json, or the result.json (or sweep.json) inside a directory.
     *
     * @param brokersOverride the tested broker count when the result does not record it (sweeps may not)
     */
    public static MeasuredCapacity fromResult(Path path, Integer brokersOverride) {
        if (!Files.exists(path)) {
            throw InvalidInputException.field("fromResult", path, "no result.json there");
        }
        Path file = ResultReader.locate(path);
        KbenchResult result = ResultReader.read(file);
        Path parent = file.toAbsolutePath().getParent();
        String dirName = parent != null && parent.getFileName() != null ? parent.getFileName().toString() : file.toString();
        if (result instanceof FindMaxResult fm) {
            Integer recorded = fm.cluster() == null ? null : fm.cluster().brokers();
            return new MeasuredCapacity(file, fm.kind(), "findMax.maxRecordsPerSec/maxMebibytesPerSec",
                    positive(file, "findMax.maxRecordsPerSec", fm.findMax().maxRecordsPerSec()),
                    positive(file, "findMax.maxMebibytesPerSec", fm.findMax().maxMebibytesPerSec()),
                    brokers(file, recorded, brokersOverride), fm.findMax().sla(), tag(fm.tags(), "instanceType"),
                    label(fm.tags(), dirName), null);
        }
        if (result instanceof RunResult run) {
            Totals produced = run.summary() == null ? null : run.summary().produced();
            Integer recorded = run.cluster() == null ? null : run.cluster().brokers();
            return new MeasuredCapacity(file, run.kind(), "summary.produced.recordsPerSec/mebibytesPerSec",
                    positive(file, "summary.produced.recordsPerSec", produced == null ? null : produced.recordsPerSec()),
                    positive(file, "summary.produced.mebibytesPerSec", produced == null ? null : produced.mebibytesPerSec()),
                    brokers(file, recorded, brokersOverride), null, tag(run.tags(), "instanceType"),
                    label(run.tags(), dirName), fixedRateCaveat(run));
        }
        if (result instanceof SweepResult sweep) {
            return fromSweep(file, sweep, brokersOverride, dirName);
        }
        throw InvalidInputException.field(file + ": kind", result.kind(), "expected run, find-max or sweep");
    }

    /**
     * What a result measured, one entry per cluster: a campaign (a sweep over named clusters, docs/sweeps.md) gives each
     * cluster's best point, in the order its points are listed (the sweep file's cluster order); any other result gives
     * one entry, as {@link #fromResult(Path, Integer)}.
     */
    public static List<MeasuredCapacity> perCluster(Path path, Integer brokersOverride) {
        if (Files.exists(path) && ResultReader.read(ResultReader.locate(path)) instanceof SweepResult sweep
                && sweep.points().stream().anyMatch(p -> p.cluster() != null && p.cluster().name() != null)) {
            Path file = ResultReader.locate(path);
            Map<String, List<Integer>> byCluster = new LinkedHashMap<>();
            for (int i = 0; i < sweep.points().size(); i++) {
                SweepResult.Brokers c = sweep.points().get(i).cluster();
                byCluster.computeIfAbsent(c == null || c.name() == null ? "" : c.name(), k -> new ArrayList<>()).add(i);
            }
            List<MeasuredCapacity> out = new ArrayList<>();
            byCluster.forEach((name, indexes) -> out.add(fromCampaignCluster(file, sweep, name, indexes, brokersOverride)));
            return out;
        }
        return List.of(fromResult(path, brokersOverride));
    }

    /** One campaign cluster's best point by median produced records/s, labelled with the cluster's name and type. */
    private static MeasuredCapacity fromCampaignCluster(Path file, SweepResult sweep, String name, List<Integer> indexes,
                                                        Integer brokersOverride) {
        int best = -1;
        double bestRate = -1;
        for (int i : indexes) {
            Double rate = median(sweep.points().get(i), SweepResult.TotalsSpread::recordsPerSec);
            if (rate != null && rate > bestRate) {
                bestRate = rate;
                best = i;
            }
        }
        if (best < 0) {
            throw InvalidInputException.field(file + ": cluster " + name, "no completed point",
                    "every point on this cluster lacks produced records/s: rerun them with kbench sweep --resume");
        }
        SweepResult.Point point = sweep.points().get(best);
        String prefix = "points[" + best + "]";
        SweepResult.Brokers cluster = point.cluster();
        Integer recorded = cluster.brokers() > 0 ? Integer.valueOf(cluster.brokers()) : null;
        return new MeasuredCapacity(file, sweep.kind(), "cluster '" + name + "' best point '" + point.name() + "' "
                + prefix + ".summary.produced.recordsPerSec/mebibytesPerSec", bestRate,
                positive(file, prefix + ".summary.produced.mebibytesPerSec", median(point, SweepResult.TotalsSpread::mebibytesPerSec)),
                brokers(file, recorded, brokersOverride), null, cluster.instanceType(), name, null);
    }

    /** The best point by median produced records/s; kbench sweep writes every figure as a spread over repetitions. */
    private static MeasuredCapacity fromSweep(Path file, SweepResult sweep, Integer brokersOverride, String dirName) {
        if (sweep.points().isEmpty()) {
            throw InvalidInputException.field(file + ": points", "[]", "a sweep result needs at least one point");
        }
        int best = -1;
        double bestRate = -1;
        for (int i = 0; i < sweep.points().size(); i++) {
            double rate = positive(file, "points[" + i + "].summary.produced.recordsPerSec",
                    median(sweep.points().get(i), SweepResult.TotalsSpread::recordsPerSec));
            if (rate > bestRate) {
                bestRate = rate;
                best = i;
            }
        }
        SweepResult.Point point = sweep.points().get(best);
        String prefix = "points[" + best + "]";
        Integer recorded = point.cluster() != null ? Integer.valueOf(point.cluster().brokers())
                : sweep.cluster() != null ? Integer.valueOf(sweep.cluster().brokers()) : null;
        return new MeasuredCapacity(file, sweep.kind(), "best point '" + point.name() + "' " + prefix
                + ".summary.produced.recordsPerSec/mebibytesPerSec", bestRate,
                positive(file, prefix + ".summary.produced.mebibytesPerSec", median(point, SweepResult.TotalsSpread::mebibytesPerSec)),
                brokers(file, recorded, brokersOverride), null, null, dirName, null);
    }

    /** A run held to a fixed rate measured what it was asked for, not what the cluster can do. */
    private static String fixedRateCaveat(RunResult run) {
        Optional<String> stages = run.stagedLoad();
        if (stages.isPresent()) {
            return "caution: the run was held to rate stages (" + stages.get()
                    + "), so this is a lower bound of the capacity; a find-max result gives the maximum";
        }
        OptionalDouble rate = run.fixedRateRecordsPerSec();
        return rate.isEmpty() ? null : "caution: the run was held to a fixed rate of "
                + Figure.format(rate.getAsDouble()) + " records/s, so this is a lower bound of the capacity;"
                + " a find-max result gives the maximum";
    }

    private static Double median(SweepResult.Point p, Function<SweepResult.TotalsSpread, Spread> figure) {
        if (p.summary() == null || p.summary().produced() == null) {
            return null;
        }
        Spread s = figure.apply(p.summary().produced());
        return s == null ? null : s.median();
    }

    private static String tag(Map<String, String> tags, String key) {
        return tags == null ? null : tags.get(key);
    }

    private static String label(Map<String, String> tags, String dirName) {
        String label = tag(tags, "label");
        return label != null ? label : dirName;
    }

    private static int brokers(Path file, Integer recorded, Integer override) {
        if (override != null) {
            return Checks.atLeast("resultBrokers", override, 1);
        }
        if (recorded == null) {
            throw InvalidInputException.field(file + ": cluster.brokers", "missing",
                    "the result does not record its broker count; pass --result-brokers N");
        }
        return recorded;
    }

    private static double positive(Path file, String path, Double v) {
        if (v == null) {
            throw InvalidInputException.field(file + ": " + path, "missing", "expected a number");
        }
        if (!Double.isFinite(v) || v <= 0) {
            throw InvalidInputException.field(file + ": " + path, v, "must be greater than zero to plan from");
        }
        return v;
    }
}
