package io.kbench.experiment;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.error.InvalidInputException;
import io.kbench.load.ClientProperties;
import io.kbench.load.RunOutcome;
import io.kbench.load.WorkloadRunner;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.ResultWriter;
import io.kbench.result.RunHeader;
import io.kbench.result.RunResult;
import io.kbench.result.Summary;
import io.kbench.result.SummaryTable;
import io.kbench.result.Versions;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One workload, start to finish: optional embedded cluster, the run, result.json, the summary table.
 * The cluster is stopped whatever happens; Ctrl-C ends the load early and still writes the result.
 *
 * @param spec        the frozen workload
 * @param connection  client connection properties; with bootstrap.servers the cluster is external
 * @param cluster     embedded cluster to start when there is no bootstrap.servers
 * @param resultsDir  parent directory of the result directory
 * @param tags        labels for result.json
 * @param thresholds  pass/fail conditions evaluated on the summary
 * @param verbose     print the whole resolved workload before the run instead of the few-line header
 */
public record SingleRun(WorkloadSpec spec, Map<String, String> connection, ClusterParamsFactory cluster,
                        Path resultsDir, Map<String, String> tags, java.util.List<io.kbench.verdict.Threshold> thresholds,
                        boolean verbose) {

    /** A run with the few-line header. */
    public SingleRun(WorkloadSpec spec, Map<String, String> connection, ClusterParamsFactory cluster, Path resultsDir,
                     Map<String, String> tags, java.util.List<io.kbench.verdict.Threshold> thresholds) {
        this(spec, connection, cluster, resultsDir, tags, thresholds, false);
    }

    /** Builds the embedded cluster's parameters once the log directory (inside the result) is known. */
    @FunctionalInterface
    public interface ClusterParamsFactory {
        ClusterParams create(Path logDir);
    }

    private static final DateTimeFormatter DIR_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    public boolean external() {
        return connection.containsKey("bootstrap.servers");
    }

    /** Runs and returns the written result; {@code out} receives progress, header and summary. */
    public RunResult execute(PrintStream out) {
        return execute(out, null, null);
    }

    /**
     * Runs on {@code shared} (an embedded cluster the caller owns and keeps running; null to start one, or none
     * when the connection names a cluster) and writes into {@code exactDir} (null: a new timestamped directory).
     */
    public RunResult execute(PrintStream out, EmbeddedCluster shared, Path exactDir) {
        Preflight.workload(spec, connection);
        Instant start = Instant.now();
        Path dir = exactDir != null ? exactDir : resultsDir.resolve(DIR_TIME.format(start) + "-" + spec.name());
        ClusterParams params = external() || shared != null ? null : cluster.create(dir.resolve("broker-logs"));
        if (params != null && spec.topic().replicationFactor() > params.brokers()) {
            throw InvalidInputException.field("topic.replicationFactor", spec.topic().replicationFactor(),
                    "must be <= the number of embedded brokers (" + params.brokers() + ")");
        }
        if (shared != null && spec.topic().replicationFactor() > shared.brokerCount()) {
            throw InvalidInputException.field("topic.replicationFactor", spec.topic().replicationFactor(),
                    "must be <= the number of embedded brokers (" + shared.brokerCount() + ")");
        }
        if (external()) {
            Preflight.reachable(connection);
        }
        String target = external() ? "cluster " + connection.get("bootstrap.servers")
                : "embedded cluster of " + (shared != null ? shared.brokerCount() : params.brokers()) + " broker(s)";
        if (verbose) {
            RunHeader.printFull(spec, connection, target, out);
        } else {
            RunHeader.print(spec, target, out);
        }
        EmbeddedCluster embedded = shared != null ? shared : params == null ? null : EmbeddedCluster.start(params, true, out);
        try {
            Map<String, String> conn = new HashMap<>(connection);
            if (embedded != null) {
                conn.put("bootstrap.servers", embedded.bootstrapServers());
            }
            WorkloadRunner runner = new WorkloadRunner(spec, new ClientProperties(conn),
                    spec.consumers().group() != null ? spec.consumers().group() : "kbench-" + DIR_TIME.format(start),
                    createDir(dir), out);
            RunOutcome outcome = runWithInterruptHandling(runner);
            Summary summary = Summary.of(outcome);
            java.util.List<io.kbench.verdict.Threshold.Verdict> verdicts = thresholds.isEmpty() ? null
                    : thresholds.stream().map(t -> t.evaluate(summary)).toList();
            RunResult result = new RunResult(RunResult.SCHEMA_VERSION, "run", spec.name(), outcome.status(),
                    outcome.failure(), tags, start, Instant.now(), Environment.capture(), clusterInfo(embedded, conn),
                    spec, connection, summary, outcome.intervals(), verdicts);
            Path file = ResultWriter.write(result, dir);
            SummaryTable.print(result.summary(), out);
            if (verdicts != null) {
                out.println();
                verdicts.forEach(v -> out.println(v.line()));
            }
            out.println("results: " + file);
            io.kbench.report.ReportRenderer.writeQuietly(dir, out);
            return result;
        } finally {
            if (embedded != null && embedded != shared) {
                embedded.close();
            }
        }
    }

    private static RunOutcome runWithInterruptHandling(WorkloadRunner runner) {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            runner.requestStop();
            try {
                finished.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kbench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return runner.run();
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is already exiting (Ctrl-C): the hook is running and will see the latch.
            }
        }
    }

    private static ClusterInfo clusterInfo(EmbeddedCluster embedded, Map<String, String> conn) {
        if (embedded == null) {
            return new ClusterInfo("external", conn.get("bootstrap.servers"), BrokerCount.of(conn), null, null, null, null);
        }
        return new ClusterInfo("embedded", embedded.bootstrapServers(), embedded.brokerCount(), Versions.kafka(),
                embedded.brokerJavaVersion(), embedded.startupTime().toMillis(), embedded.effectiveBrokerConfig());
    }

    private static Path createDir(Path dir) {
        try {
            return java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new io.kbench.error.RunFailedException("cannot create results directory " + dir + ": " + e.getMessage(), e);
        }
    }
}
