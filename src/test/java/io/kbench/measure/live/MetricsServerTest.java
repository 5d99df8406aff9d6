package io.kbench.measure.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.measure.IntervalCounts;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.TelemetryMetric;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsServerTest {
    private static final String LOCAL = MetricsServer.DEFAULT_ADDRESS;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** Scrapes /metrics and returns every sample line as name{labels} -> value. */
    static Map<String, Double> scrape(int port) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        Map<String, Double> samples = new HashMap<>();
        for (String line : r.body().split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                int space = line.lastIndexOf(' ');
                samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
            }
        }
        return samples;
    }

    private static IntervalPoint point(IntervalPhase phase, long p99Micros) {
        LatencyStats l = new LatencyStats(1000, 2000, 5000, p99Micros, p99Micros + 1000, p99Micros + 2000, 2500);
        return new IntervalPoint(1.0, phase, 1000, 1, 1000, 1, 0, l, l, LatencyStats.EMPTY);
    }

    @Test
    void countersAdvancePerIntervalAndLatencyAndTelemetryAreGauges() throws Exception {
        try (MetricsServer server = MetricsServer.start(LOCAL, freePort())) {
            server.interval(point(IntervalPhase.WARMUP, 12_000), new IntervalCounts(1000, 1_024_000, 900, 921_600, 0));
            server.interval(point(IntervalPhase.MEASURED, 40_000), new IntervalCounts(2000, 2_048_000, 2100, 2_150_400, 3));
            server.sampled(TelemetryMetric.BROKER_CPU_PERCENT, "broker-1", 73.5);
            server.sampled(TelemetryMetric.BROKER_CPU_PERCENT, "broker-2", 12.0);
            server.sampled(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, "broker-1", Double.NaN);

            Map<String, Double> m = scrape(server.port());

            assertThat(m).containsEntry("kbench_produced_records_total", 3000.0)
                    .containsEntry("kbench_produced_bytes_total", 3_072_000.0)
                    .containsEntry("kbench_consumed_records_total", 3000.0)
                    .containsEntry("kbench_consumed_bytes_total", 3_072_000.0)
                    .containsEntry("kbench_produce_errors_total", 3.0)
                    .containsEntry("kbench_measuring", 1.0)
                    .containsEntry("kbench_latency_seconds{kind=\"publish\",quantile=\"0.99\"}", 0.04)
                    .containsEntry("kbench_latency_seconds{kind=\"end_to_end\",quantile=\"1\"}", 0.042)
                    .containsEntry("kbench_broker_cpu_percent{source=\"broker-1\"}", 73.5)
                    .containsEntry("kbench_broker_cpu_percent{source=\"broker-2\"}", 12.0);
            // Send delay measured nothing and a NaN sample is not a value: neither is exposed.
            assertThat(m.keySet()).noneMatch(k -> k.contains("send_delay") || k.startsWith("kbench_request_handler_idle"));
        }
    }

    @Test
    void afterCloseNothingAnswers() throws Exception {
        int port = freePort();
        MetricsServer.start(LOCAL, port).close();
        assertThatThrownBy(() -> scrape(port)).isInstanceOf(ConnectException.class);
        // The port is free again: a sweep's next run, or the next command, can serve on it.
        MetricsServer.start(LOCAL, port).close();
    }

    @Test
    void aBusyOrImpossiblePortIsInvalidInput() throws Exception {
        try (ServerSocket busy = new ServerSocket(0)) {
            assertThatThrownBy(() -> MetricsServer.start(LOCAL, busy.getLocalPort())).isInstanceOf(InvalidInputException.class)
                    .hasMessage("--metrics-port: is in use by another process (or 127.0.0.1 is not an address of this host) (got "
                            + busy.getLocalPort() + ")");
        }
        assertThatThrownBy(() -> MetricsServer.start(LOCAL, 70_000)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--metrics-port").hasMessageContaining("70000").hasMessageContaining("1..65535");
        assertThatThrownBy(() -> MetricsServer.start(LOCAL, 0)).isInstanceOf(InvalidInputException.class);
    }

    /** Failed before the fix: /metrics listened on every interface, unauthenticated. */
    @Test
    void servesOnlyLoopbackByDefault() throws Exception {
        java.net.InetAddress external = java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(i -> java.util.Collections.list(i.getInetAddresses()).stream())
                .filter(a -> a instanceof java.net.Inet4Address && !a.isLoopbackAddress()).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(external != null, "this host has no non-loopback IPv4 address");
        try (MetricsServer server = MetricsServer.start(LOCAL, freePort())) {
            assertThat(scrape(server.port())).containsKey("kbench_measuring");
            assertThatThrownBy(() -> new java.net.Socket(external, server.port()).close())
                    .as("reachable on " + external).isInstanceOf(ConnectException.class);
        }
        assertThatThrownBy(() -> MetricsServer.start("no-such-host.invalid", freePort()))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--metrics-address: ");
    }

    /** Failed before the fix: a telemetry source URL's credentials became a label value. */
    @Test
    void aSourceLabelCarriesNoCredentials() throws Exception {
        try (MetricsServer server = MetricsServer.start(LOCAL, freePort())) {
            server.sampled(TelemetryMetric.BROKER_CPU_PERCENT, "http://scraper:hunter2@b1:7071/metrics?token=t0ps3cret", 5.0);
            assertThat(scrape(server.port()).keySet().toString()).doesNotContain("hunter2", "t0ps3cret").contains("b1:7071");
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
