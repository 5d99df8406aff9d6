package io.kbench.measure.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus server scrapes kbench's {@code /metrics} through a real run, and every query of the Grafana
 * dashboard (deploy/grafana/kbench.json) returns series from it: the names, labels and PromQL are what a user's
 * Prometheus and Grafana see. Skipped when no prometheus binary is found (.ci/run unpacks Debian's package into
 * /opt/kbench-prometheus without installing its service).
 */
@EmbeddedKafka
class PrometheusScrapeIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** $KBENCH_PROMETHEUS, else prometheus on the PATH, else the unpacked Debian package; null when none. */
    static Path prometheus() {
        String env = System.getenv("KBENCH_PROMETHEUS");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Path.of(env);
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d, "prometheus");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        Path unpacked = Path.of("/opt/kbench-prometheus/usr/bin/prometheus");
        return Files.isExecutable(unpacked) ? unpacked : null;
    }

    @Test
    void prometheusScrapesARunAndEveryDashboardQueryHasItsSeries() throws Exception {
        Path bin = prometheus();
        assumeTrue(bin != null, "no prometheus binary; skipping the scrape test");
        int metricsPort = freePort();
        int promPort = freePort();
        Path config = Files.writeString(dir.resolve("prometheus.yml"), """
                global: {scrape_interval: 1s, evaluation_interval: 1s}
                scrape_configs:
                  - job_name: kbench
                    static_configs: [{targets: ["127.0.0.1:%d"]}]
                """.formatted(metricsPort));
        Process prom = new ProcessBuilder(bin.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + promPort)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        try {
            awaitReady(promPort, prom);
            long start = System.currentTimeMillis() / 1000;
            CliRun run = CliRun.of("run", "--set", "producers.duration=15s", "--set", "producers.warmupDuration=2s",
                    "--set", "producers.rate=2000", "--metrics-port", String.valueOf(metricsPort),
                    "--results-dir", dir.resolve("results").toString());
            assertThat(run.exitCode()).as(run.transcript()).isZero();
            long end = System.currentTimeMillis() / 1000 + 1;

            JsonNode dashboard = JSON.readTree(Path.of("deploy/grafana/kbench.json").toFile());
            List<String> empty = new ArrayList<>();
            int queries = 0;
            for (JsonNode panel : dashboard.get("panels")) {
                for (JsonNode target : panel.get("targets")) {
                    String expr = GrafanaDashboardTest.concrete(target.get("expr").asText());
                    JsonNode answer = queryRange(promPort, expr, start, end);
                    assertThat(answer.path("status").asText()).as(expr + ": " + answer).isEqualTo("success");
                    if (answer.at("/data/result").isEmpty()) {
                        empty.add(panel.get("title").asText() + ": " + expr);
                    }
                    queries++;
                }
            }
            assertThat(queries).isGreaterThan(20);
            assertThat(empty).as("dashboard queries with no series after a run scraped every second (prometheus log: "
                    + dir.resolve("prometheus.log") + ")").isEmpty();
        } finally {
            prom.destroy();
            if (!prom.waitFor(15, TimeUnit.SECONDS)) {
                prom.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        assertThat(prom.isAlive()).as("prometheus stopped").isFalse();
    }

    private static void awaitReady(int port, Process prom) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(prom.isAlive()).as("prometheus exited with " + (prom.isAlive() ? "" : prom.exitValue())).isTrue();
            try {
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/-/ready")).timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("prometheus not ready within 60 s");
    }

    private static JsonNode queryRange(int port, String expr, long start, long end) throws Exception {
        String q = "query=" + URLEncoder.encode(expr, StandardCharsets.UTF_8) + "&start=" + start + "&end=" + end
                + "&step=1";
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/v1/query_range?" + q)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(r.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
