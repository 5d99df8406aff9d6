package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.result.telemetry.TelemetrySourceKind;
import io.kbench.testkit.ItFixture;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A broker read through the real Prometheus JMX exporter agent (io.prometheus.jmx:jmx_prometheus_javaagent, the path
 * Strimzi users take), not hand-written text: a detached cluster's broker runs the agent, and {@code run
 * --broker-metrics-url} reads its series from it, under rules in Strimzi's naming style and under the agent's default
 * names (src/test/resources/jmx-exporter).
 */
@EmbeddedKafka
class JmxExporterIT {
    private static final Path AGENT = Path.of("target", "jmx-exporter", "jmx_prometheus_javaagent.jar");

    @TempDir
    Path results;

    @ParameterizedTest
    @ValueSource(strings = {"strimzi-style.yaml", "default.yaml"})
    void brokerSeriesAreReadThroughTheJmxExporterAgent(String rules) throws Exception {
        assertThat(AGENT).as("copied by the build (pom.xml, jmx-exporter-agent)").exists();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = Path.of("src/test/resources/jmx-exporter", rules).toAbsolutePath();
        CliRun start = ItFixture.startCluster(results.resolve("cluster"), "--broker-heap", "256m",
                "--broker-jvm-flag=-javaagent:" + AGENT.toAbsolutePath() + "=127.0.0.1:" + port + ":" + config);
        String url = "http://127.0.0.1:" + port + "/metrics";
        // The agent's first scrape walks every MBean, which on a machine busy with other tests can take longer than
        // kbench gives a source to open (4 s): one scrape first, so the run meets the agent as a user's long-running
        // broker would.
        HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.discarding());

        CliRun run = CliRun.of("run", ItFixture.workload("it-telemetry-agent.yaml"), "--bootstrap-server",
                ItFixture.bootstrap(start), "--broker-metrics-url", url, "--results-dir", results.toString());

        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Path runDir;
        try (var dirs = Files.list(results)) {
            runDir = dirs.filter(d -> Files.exists(d.resolve("result.json"))).findFirst().orElseThrow();
        }
        Telemetry telemetry = ResultReader.read(runDir.resolve("result.json"), RunResult.class).telemetry();
        TelemetrySource source = telemetry.sources().stream().filter(s -> s.kind() == TelemetrySourceKind.PROMETHEUS)
                .findFirst().orElseThrow(() -> new AssertionError("no prometheus source: " + telemetry.sources()));
        assertThat(source.available()).as(source + "\n" + run.transcript()).isTrue();
        List<TelemetryMetric> wanted = new ArrayList<>(List.of(TelemetryMetric.BROKER_CPU_PERCENT,
                TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, TelemetryMetric.BROKER_BYTES_IN_MIB_PER_SEC,
                TelemetryMetric.UNDER_REPLICATED_PARTITIONS, TelemetryMetric.BROKER_HEAP_USED_MIB));
        if (rules.equals("default.yaml")) {
            // Each network processor's io wait total: only the default naming keeps it. Strimzi's rules keep the
            // NetworkProcessorAvgIdlePercent gauge alone, which kbench trusts only once the broker has run a minute
            // (Kafka's sample window; before that it reads far too busy), longer than this cluster has.
            wanted.add(TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT);
        }
        List<String> missing = new ArrayList<>();
        for (TelemetryMetric m : wanted) {
            List<Double> values = telemetry.series().stream().filter(s -> s.metric() == m
                    && s.source().equals(source.id())).findFirst().map(TelemetrySeries::values).orElse(List.of());
            if (values.stream().noneMatch(Objects::nonNull)) {
                missing.add(m.json());
            }
        }
        assertThat(missing).as("series not read through the agent with " + rules + " from " + url + "; events "
                + telemetry.events()).isEmpty();
        assertThat(telemetry.series().stream().filter(s -> s.metric() == TelemetryMetric.BROKER_BYTES_IN_MIB_PER_SEC
                && s.source().equals(source.id())).flatMap(s -> s.values().stream()).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).max().orElse(0)).as("bytes in while producing").isPositive();
    }
}
