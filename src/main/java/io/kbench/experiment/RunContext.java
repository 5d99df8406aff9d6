package io.kbench.experiment;

import io.kbench.distributed.Distribution;
import io.kbench.kpi.Threshold;
import io.kbench.telemetry.TelemetrySettings;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a run, a sweep or a find-max needs besides the workload itself, resolved once from the command line and
 * passed as one object (as JMH passes its {@code Options}). Sweeps and find-max derive each repetition's or probe's
 * context from theirs with the section {@code with} methods.
 *
 * @param cluster      where the load goes and how clients connect
 * @param output       where results are written, how they are labelled and judged, how much the header says
 * @param observers    who is told about results and intervals, and what is sampled beside the load
 * @param distribution how the load is spread over worker processes, or null to run it in this process
 */
public record RunContext(Cluster cluster, Output output, Observers observers, Distribution distribution) {
    private static final DateTimeFormatter DIR_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    public RunContext {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(observers, "observers");
    }

    /**
     * Where the load goes.
     *
     * @param connection client connection properties (bootstrap servers of an embedded cluster are added per run)
     * @param target     external, embedded (started and stopped by the experiment) or shared (started by a sweep
     *                   or find-max and reused by its runs)
     */
    public record Cluster(Map<String, String> connection, ClusterTarget target) {
        public Cluster {
            connection = Collections.unmodifiableMap(new LinkedHashMap<>(connection)); // in the user's order
            Objects.requireNonNull(target, "target");
        }

        public boolean external() {
            return target.external();
        }
    }

    /**
     * Where results go and how they are judged.
     *
     * @param resultsDir parent directory of result directories
     * @param tags       labels recorded in result.json
     * @param thresholds pass/fail conditions (a run: on its summary; a sweep: each point's median; find-max: the
     *                   run at the answer)
     * @param verbose    print the whole resolved workload before each run instead of the few-line header
     */
    public record Output(Path resultsDir, Map<String, String> tags, List<Threshold> thresholds, boolean verbose) {
        public Output {
            Objects.requireNonNull(resultsDir, "resultsDir");
            tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags)); // result.json keeps their order
            thresholds = List.copyOf(thresholds);
        }

        /** A new result directory {@code <timestamp>-<name>} under the results directory. */
        public Path newDir(String name) {
            return resultsDir.resolve(DIR_TIME.format(Instant.now()) + "-" + name);
        }

        /** These labels plus {@code more} (which win), e.g. a sweep repetition's point and repetition. */
        public Output tagged(Map<String, String> more) {
            Map<String, String> all = new LinkedHashMap<>(tags);
            all.putAll(more);
            return new Output(resultsDir, all, thresholds, verbose);
        }

        /** This output judged by {@code conditions} instead (a probe by the SLA, a repetition by none). */
        public Output judgedBy(List<Threshold> conditions) {
            return new Output(resultsDir, tags, conditions, verbose);
        }
    }

    /**
     * Who watches.
     *
     * @param listener  told when each result.json is written (the CLI writes the HTML report) and every interval
     * @param telemetry what is sampled beside the load (broker, host, load generator), or off
     */
    public record Observers(ResultListener listener, TelemetrySettings telemetry) {
        public Observers {
            Objects.requireNonNull(listener, "listener");
            Objects.requireNonNull(telemetry, "telemetry");
        }
    }

    public Map<String, String> connection() {
        return cluster.connection();
    }

    public ClusterTarget target() {
        return cluster.target();
    }

    public boolean external() {
        return cluster.external();
    }

    /** This context aimed at {@code target} (a sweep's or find-max's shared cluster). */
    public RunContext with(ClusterTarget target) {
        return new RunContext(new Cluster(cluster.connection(), target), output, observers, distribution);
    }

    /** This context writing and judging as {@code output} says (a repetition's tags, a probe's SLA). */
    public RunContext with(Output output) {
        return new RunContext(cluster, output, observers, distribution);
    }

    /** This context with its results told to {@code observers} (e.g. a live metrics server started late). */
    public RunContext with(Observers observers) {
        return new RunContext(cluster, output, observers, distribution);
    }
}
