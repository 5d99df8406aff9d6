package io.kbench.measure.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --metrics-port on a real embedded broker: /metrics is scraped while the run runs, and closed after it. */
@EmbeddedKafka
class MetricsPortIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path results;

    @Test
    void metricsAreServedMidRunAndStoppedAfterIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // The scrape below has its figures about a second into the measured window: the rest of the 12 s is margin for
        // a busy machine (the run must still be going when scraped), and all this test waits for afterwards.
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("run",
                "--set", "producers.duration=12s", "--set", "producers.warmupDuration=2s", "--set", "producers.rate=2000",
                "--metrics-port", String.valueOf(port), "--results-dir", results.toString()));

        // Mid-run: records counted, latency gauges set, and the run not over yet.
        Map<String, Double> mid = Map.of();
        long deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
        // Warm-up records count too, but latency gauges are set only once measured records complete.
        String publishP99 = "kbench_latency_seconds{kind=\"publish\",quantile=\"0.99\"}";
        while (System.nanoTime() < deadline && !run.isDone()
                && (mid.getOrDefault("kbench_consumed_records_total", 0.0) < 2000 || !mid.containsKey(publishP99))) {
            Thread.sleep(500);
            mid = scrapeOrEmpty(port);
        }
        assertThat(run.isDone()).as("the run was still going when scraped").isFalse();
        assertThat(mid.get("kbench_produced_records_total")).as(mid.toString()).isGreaterThanOrEqualTo(2000.0);
        assertThat(mid.get("kbench_produced_bytes_total")).isEqualTo(mid.get("kbench_produced_records_total") * 1024);
        assertThat(mid.get("kbench_consumed_records_total")).isGreaterThanOrEqualTo(2000.0);
        assertThat(mid.get("kbench_produce_errors_total")).isZero();
        assertThat(mid.get(publishP99)).isPositive();
        assertThat(mid.get("kbench_measuring")).isEqualTo(1.0);
        assertThat(mid.get("kbench_latency_seconds{kind=\"end_to_end\",quantile=\"0.5\"}")).isPositive();

        CliRun done = run.get(240, TimeUnit.SECONDS);
        assertThat(done.exitCode()).as(done.transcript()).isZero();
        assertThat(done.stdout()).contains("metrics: serving http://127.0.0.1:" + port + "/metrics");
        assertThatThrownBy(() -> scrape(port)).as("served after the run").isInstanceOf(ConnectException.class);
    }

    private static Map<String, Double> scrapeOrEmpty(int port) throws InterruptedException {
        try {
            return scrape(port);
        } catch (IOException e) {
            return Map.of();
        }
    }

    private static Map<String, Double> scrape(int port) throws IOException, InterruptedException {
        String body = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        Map<String, Double> samples = new HashMap<>();
        body.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).forEach(l -> {
            int space = l.lastIndexOf(' ');
            samples.put(l.substring(0, space), Double.parseDouble(l.substring(space + 1)));
        });
        return samples;
    }
}
