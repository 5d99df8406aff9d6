package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import io.kbench.cli.CliRun;
import io.kbench.cluster.ClusterState;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.cluster.JmxAddressFile;
import io.kbench.result.Figure;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Diagnosis;
import io.kbench.result.telemetry.LatencyPart;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.PartShare;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.result.telemetry.TelemetrySourceKind;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broker, host and load-generator telemetry sampled from real brokers, embedded and "external". */
// Timing-sensitive: runs with the other timing ITs only, after the heavy ones (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class TelemetryIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    /**
     * 1 MiB segments and ~12 MiB written: segment rolls in the number the bytes imply. Meanwhile the broker is frozen
     * with SIGSTOP for 2 s: the run completes, the broker's series have a gap and a broker_unresponsive event.
     */
    @Test
    void segmentRollsAndAFrozenBroker() throws Exception {
        CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of("run",
                workload("it-telemetry-rolls.yaml"), "--results-dir", results.toString(), "--broker-heap", "256m"));
        ProcessHandle broker = awaitBroker(running);
        // Freeze it once the load runs (the warm-up of 500 records takes 0.25 s at 2,000 records/s).
        awaitFile(results, "publish-latency.hlog", running);
        Thread.sleep(2500);
        stopped(broker, true);
        try {
            Thread.sleep(2000);
        } finally {
            stopped(broker, false);
        }
        CliRun run = running.get(180, TimeUnit.SECONDS);
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = result(ItFixture.onlyRunDir(results));
        Telemetry telemetry = result.telemetry();

        assertThat(source(telemetry, "broker-1").kind()).isEqualTo(TelemetrySourceKind.EMBEDDED_JMX);
        assertThat(source(telemetry, "broker-1").available()).as(run.transcript()).isTrue();
        assertThat(source(telemetry, "host").kind()).isEqualTo(TelemetrySourceKind.PROC);
        assertThat(source(telemetry, "client").available()).isTrue();

        long bytes = result.summary().produced().bytes() + result.summary().produced().warmupRecords() * 1024;
        long implied = bytes / 1048576; // at least this many full segments of payload alone
        long rolls = events(telemetry, TelemetryEventType.SEGMENT_ROLL).size();
        // Rolls seen by the read that was stuck in the freeze (it finishes after the thaw, when the producers' backlog
        // rolls segments quickly) used to be lost: 10 of 12. One roll of slack for the last, partial interval.
        assertThat(rolls).as("segment rolls for %d bytes in 1 MiB segments\n%s", bytes, run.transcript())
                .isBetween(implied - 1, implied * 5 / 4 + 1);
        assertThat(events(telemetry, TelemetryEventType.SEGMENT_ROLL)).allMatch(e -> "it-rolls-0".equals(e.detail()));

        List<TelemetryEvent> frozen = events(telemetry, TelemetryEventType.BROKER_UNRESPONSIVE);
        assertThat(frozen).as(telemetry.events().toString()).isNotEmpty();
        List<Double> cpu = series(telemetry, TelemetryMetric.BROKER_CPU_PERCENT, "broker-1");
        int gap = nullAfterFirstValue(cpu);
        assertThat(gap).as("a gap in broker CPU while frozen: %s", cpu).isPositive();
        double frozenAt = frozen.get(0).atSec();
        double gapEnd = result.intervals().get(gap).endSec();
        assertThat(Math.abs(frozenAt - gapEnd)).as("event at the gap").isLessThan(2.5);
        assertThat(series(telemetry, TelemetryMetric.HOST_CPU_USER_PERCENT, "host")).hasSize(result.intervals().size());
    }

    /**
     * A broker whose single request handler thread recompresses every batch (topic gzip, producers uncompressed) at an
     * unlimited rate: requests queue for the handler, and the diagnosis names the request handler threads, on the
     * broker pool's own idle meter (the process-wide one also counts the idle controller handlers of this combined node).
     */
    @Test
    void starvedRequestHandlersAreDiagnosedAsSuch() throws Exception {
        CliRun run = CliRun.of("run", workload("it-telemetry-starved.yaml"), "--results-dir", results.toString(),
                "--broker-heap", "256m");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Diagnosis diagnosis = result(ItFixture.onlyRunDir(results)).telemetry().diagnosis();

        assertThat(diagnosis.limitedBy()).as(run.transcript()).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
        double idle = figures(diagnosis, "request_handler_idle_percent.broker-1");
        assertThat(idle).as(diagnosis.toString()).isLessThan(30);
        // The line opens with where the time went (the anatomy), then the evidence of the limit.
        assertThat(run.stdout()).contains("limited by: request handler threads (publish mean ")
                .contains("; request handler idle ")
                .contains("| limit req handlers");
    }

    /**
     * Issue 26: a flush on every append moves the anatomy's local part (appending on the leader) to the top of the
     * broker's Produce phases and the diagnosis names the log flush; the run kept its light rate, so it is "met its
     * schedule", and the freshly started broker's network processors read idle from the first interval (Kafka's
     * windowed gauge would read them busy for a minute).
     */
    @Test
    void aFlushPerAppendMovesTheLocalPartAndIsNamed() throws Exception {
        CliRun run = CliRun.of("run", workload("it-anatomy-flush.yaml"), "--results-dir", results.toString(),
                "--broker-heap", "256m");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = result(ItFixture.onlyRunDir(results));
        Anatomy anatomy = result.anatomy();
        double local = measuredMs(anatomy, LatencyPart.PRODUCE_LOCAL);
        for (LatencyPart other : List.of(LatencyPart.PRODUCE_REQUEST_QUEUE, LatencyPart.PRODUCE_REMOTE,
                LatencyPart.PRODUCE_RESPONSE_QUEUE, LatencyPart.PRODUCE_RESPONSE_SEND)) {
            assertThat(local).as(anatomy.toString()).isGreaterThan(measuredMs(anatomy, other));
        }
        Diagnosis diagnosis = result.telemetry().diagnosis();
        assertThat(diagnosis.evidence()).as(run.transcript()).contains("the log flush");
        assertThat(diagnosis.limitedBy()).isEqualTo(LimitingResource.DISK);
        assertThat(run.stdout()).contains("limited by: disk (publish mean ").contains("the log flush");
        List<Double> idle = series(result.telemetry(), TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT, "broker-1");
        assertThat(idle.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).average().orElse(0))
                .as("network idle " + idle).isGreaterThan(50);
        assertThat(diagnosis.limitedBy()).isNotEqualTo(LimitingResource.NETWORK_THREADS);
    }

    private static double measuredMs(Anatomy anatomy, LatencyPart part) {
        return anatomy.measured(part).map(PartShare::meanMs).orElse(0.0);
    }

    /**
     * A detached cluster treated as external: cluster start prints its JMX addresses, run --broker-jmx reads the broker
     * from them, its CPU agrees with /proc/PID/stat, and an unreachable --broker-jmx is a warning and an absent source.
     * The same run records the broker's versions read over JMX (BrokerVersionsIT's external case, on this cluster).
     */
    @Test
    void externalClusterThroughBrokerJmx() throws Exception {
        Path clusterDir = results.resolve("cluster");
        CliRun start = ItFixture.startCluster(clusterDir, "--broker-heap", "256m");
        List<String> lines = start.stdout().lines().toList();
        String bootstrap = ItFixture.bootstrap(start);
        String jmxLine = lines.stream().filter(l -> l.startsWith("jmx: ")).findFirst().orElseThrow();
        String jmx = jmxLine.substring(5, jmxLine.indexOf(' ', 5));
        assertThat(jmx).as(start.transcript()).matches("127\\.0\\.0\\.1:\\d+");
        assertThat(clusterDir.resolve(JmxAddressFile.FILE_NAME)).content().isEqualToIgnoringNewLines(jmx);
        long pid = ClusterState.read(clusterDir).orElseThrow().brokers().get(0).pid();

        long cpuBefore = procCpuTicks(pid);
        CliRun run = CliRun.of("run", workload("it-telemetry-external.yaml"), "--bootstrap-server", bootstrap,
                "--broker-jmx", jmx, "--broker-jmx", "127.0.0.1:1", "--broker-metrics-url", "http://127.0.0.1:1/metrics",
                "--broker-jmx-password-file", clusterDir.resolve("jmx.password").toString(),
                "--results-dir", results.toString());
        long cpuAfter = procCpuTicks(pid);
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript())
                .containsOnlyOnce("telemetry: broker-2 (jmx 127.0.0.1:1) cannot be read, its series are absent")
                .containsOnlyOnce("telemetry: prometheus-1 (prometheus http://127.0.0.1:1/metrics) cannot be read");

        Path runDir;
        try (var dirs = Files.list(results)) {
            runDir = dirs.filter(d -> Files.exists(d.resolve("result.json"))).findFirst().orElseThrow();
        }
        RunResult result = result(runDir);
        BrokerVersionsIT.readOverBrokerJmx(result.cluster(), jmx);
        Telemetry telemetry = result.telemetry();
        assertThat(source(telemetry, "broker-1").kind()).isEqualTo(TelemetrySourceKind.JMX);
        assertThat(source(telemetry, "broker-1").available()).isTrue();
        assertThat(source(telemetry, "broker-2").available()).isFalse();
        assertThat(source(telemetry, "broker-2").absentReason()).isNotBlank();
        assertThat(source(telemetry, "prometheus-1").available()).isFalse();
        assertThat(source(telemetry, "host").available()).isFalse();
        assertThat(source(telemetry, "host").absentReason()).contains("--node-exporter-url");
        assertThat(series(telemetry, TelemetryMetric.PRODUCE_REQUESTS_PER_SEC, "broker-1")).anyMatch(v -> v != null && v > 0);
        assertThat(series(telemetry, TelemetryMetric.BROKER_BYTES_IN_MIB_PER_SEC, "broker-1"))
                .anyMatch(v -> v != null && v > 0);

        // CPU seconds by kbench's series (percent of a core x the time it covers: a value after a gap covers the gap
        // too) against the kernel's count for the pid over a span that holds the run; the difference is the broker's
        // work before the first and after the last tick (topic creation, consumer group join).
        List<Double> cpu = series(telemetry, TelemetryMetric.BROKER_CPU_PERCENT, "broker-1");
        double sampled = 0;
        double previousEnd = 0;
        for (int i = 0; i < cpu.size(); i++) {
            double end = result.intervals().get(i).endSec();
            if (cpu.get(i) != null) {
                sampled += cpu.get(i) / 100 * (end - previousEnd);
                previousEnd = end;
            }
        }
        double kernel = (cpuAfter - cpuBefore) / 100.0; // USER_HZ
        assertThat(sampled).as("broker CPU s sampled %s vs /proc %s; series %s", sampled, kernel, cpu)
                .isBetween(kernel * 0.7 - 0.1, kernel + 0.1);
    }

    private static int nullAfterFirstValue(List<Double> values) {
        boolean seen = false;
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null) {
                seen = true;
            } else if (seen) {
                return i;
            }
        }
        return -1;
    }

    /** utime + stime of {@code pid} in clock ticks (fields 14 and 15 of /proc/PID/stat, after the comm field). */
    static long procCpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    private static boolean isBroker(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline")).contains("kafka.Kafka");
        } catch (IOException e) {
            return false;
        }
    }

    private static void stopped(ProcessHandle p, boolean stop) throws Exception {
        Process kill = new ProcessBuilder("kill", stop ? "-STOP" : "-CONT", Long.toString(p.pid())).inheritIO().start();
        assertThat(kill.waitFor()).isZero();
    }

    private ProcessHandle awaitBroker(CompletableFuture<CliRun> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !running.isDone()) {
            // The run is in-process, so its broker JVM is a child of this JVM.
            List<ProcessHandle> brokers = ProcessHandle.current().children().filter(TelemetryIT::isBroker).toList();
            if (!brokers.isEmpty()) {
                return brokers.get(0);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no broker started: " + (running.isDone() ? running.get().transcript() : "timeout"));
    }

    private static void awaitFile(Path under, String name, CompletableFuture<CliRun> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !running.isDone()) {
            try (var files = Files.walk(under)) {
                if (files.anyMatch(f -> f.getFileName().toString().equals(name))) {
                    return;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                // A directory vanished while walking: look again.
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the run never started its load: " + (running.isDone() ? running.get().transcript() : "timeout"));
    }

    /** The run's result.json, checked against schema/result.schema.json (the wire format, on purpose), then read typed. */
    private static RunResult result(Path dir) throws IOException {
        JsonNode tree = JSON.readTree(dir.resolve("result.json").toFile());
        try (InputStream in = Files.newInputStream(Path.of("schema/result.schema.json"))) {
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in,
                    SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build());
            assertThat(schema.validate(tree)).as("schema violations").isEmpty();
        }
        return ResultReader.read(dir.resolve("result.json"), RunResult.class);
    }

    private static TelemetrySource source(Telemetry telemetry, String id) {
        return telemetry.sources().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no source " + id + " in " + telemetry.sources()));
    }

    private static List<TelemetryEvent> events(Telemetry telemetry, TelemetryEventType type) {
        return telemetry.events().stream().filter(e -> e.type() == type).toList();
    }

    private static List<Double> series(Telemetry telemetry, TelemetryMetric metric, String source) {
        return telemetry.series().stream().filter(s -> s.metric() == metric && s.source().equals(source)).findFirst()
                .map(TelemetrySeries::values)
                .orElseThrow(() -> new AssertionError("no series " + metric + "/" + source + " in " + telemetry.series()));
    }

    private static String workload(String name) {
        return ItFixture.workload(name);
    }

    private static double figures(Diagnosis diagnosis, String key) {
        return diagnosis.figures().stream().filter(f -> f.key().equals(key)).findFirst().map(Figure::value)
                .orElseThrow(() -> new AssertionError("no figure " + key + " in " + diagnosis));
    }
}
