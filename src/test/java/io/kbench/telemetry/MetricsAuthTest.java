package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.kbench.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Credentials for metrics endpoints: from a file or the environment, sent as basic authentication to a real local
 * endpoint that asks for them. Failed before the fix: there was no such form, and a {@code user:pass@} in
 * --broker-metrics-url or --node-exporter-url was silently not sent (the endpoint answered 401, the series were absent).
 */
class MetricsAuthTest {
    private static final String NODE_EXPORTER_PAGE = "node_cpu_seconds_total{cpu=\"0\",mode=\"idle\"} 10\n";

    @TempDir
    Path dir;

    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        // Like node_exporter's web config with basic_auth_users: 401 unless the header names kbench/s3cret.
        server.createContext("/metrics", exchange -> {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            boolean allowed = new MetricsAuth("kbench", "s3cret").header().equals(authorization);
            byte[] body = (allowed ? NODE_EXPORTER_PAGE : "Unauthorized\n").getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(allowed ? 200 : 401, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/metrics";
    }

    @Test
    void theHeaderIsRfc7617s() {
        // The example of RFC 7617, section 2.
        assertThat(new MetricsAuth("Aladdin", "open sesame").header()).isEqualTo("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
        assertThat(new MetricsAuth("kbench", "s3cret").toString()).doesNotContain("s3cret");
        assertThatThrownBy(() -> new MetricsAuth("a:b", "p")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--metrics-auth-file");
    }

    @Test
    void anEndpointThatAsksForCredentialsIsReadWithThemAndAbsentWithout() throws Exception {
        Path file = Files.writeString(dir.resolve("metrics.auth"), "# node_exporter\nkbench s3cret\n");
        TelemetrySettings settings = new TelemetrySettings(true, List.of(), List.of(), List.of(url()), null, null, null,
                file);
        assertThat(settings.metricsAuth()).isEqualTo(new MetricsAuth("kbench", "s3cret"));

        assertThat(openedWarnings(settings.metricsAuth())).isEmpty();
        assertThat(openedWarnings(null)).contains("telemetry: host (").contains(url() + ") cannot be read")
                .contains("HTTP 401");
    }

    /** The warnings of opening the endpoint as a run would (a 10 s interval: 9 s for a first, cold request). */
    private String openedWarnings(MetricsAuth auth) {
        TelemetryTargets targets = new TelemetryTargets(List.of(), null, "external", null, Duration.ofSeconds(10), null,
                List.of(), List.of(url()), auth);
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        try (TelemetrySampler sampler = TelemetrySampler.open(targets, new PrintStream(warnings, true,
                StandardCharsets.UTF_8))) {
            return warnings.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * Basic authentication over http is readable on the way: sending it to another host is warned of, once per
     * endpoint; https and loopback are not (the loopback endpoint above opens without a warning).
     */
    @Test
    void credentialsForAnotherHostOverPlainHttpAreWarnedOf() throws IOException {
        assertThat(MetricsAuth.plaintextWarning("--node-exporter-url", java.net.URI.create("http://10.0.0.5:9100/metrics")))
                .isEqualTo("telemetry: --node-exporter-url http://10.0.0.5:9100/metrics: the metrics password goes to"
                        + " another host over plain http, readable on the way (basic authentication); use https");
        for (String quiet : List.of("https://10.0.0.5:9100/metrics", "http://127.0.0.1:9404/metrics",
                "http://localhost:9404/metrics", "http://[::1]:9404/metrics", "HTTPS://broker-1:9404/metrics")) {
            assertThat(MetricsAuth.plaintextWarning("--broker-metrics-url", java.net.URI.create(quiet))).as(quiet).isNull();
        }
        // 0.0.0.0 is no loopback literal, yet connects locally: to a closed port, refused at once, no network needed.
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        String remote = "http://0.0.0.0:" + closedPort + "/metrics";
        TelemetryTargets targets = new TelemetryTargets(List.of(), null, "external", null, Duration.ofSeconds(1), null,
                List.of(remote), List.of(), new MetricsAuth("kbench", "s3cret"));
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        try (TelemetrySampler sampler = TelemetrySampler.open(targets, new PrintStream(warnings, true,
                StandardCharsets.UTF_8))) {
            assertThat(warnings.toString(StandardCharsets.UTF_8)).contains("telemetry: --broker-metrics-url " + remote
                    + ": the metrics password goes to another host over plain http").doesNotContain("s3cret");
        }
    }

    @Test
    void userInfoInAMetricsUrlIsRefusedWithoutShowingThePassword() {
        for (String flag : List.of("--broker-metrics-url", "--node-exporter-url")) {
            List<String> urls = List.of("http://kbench:s3cret@127.0.0.1:9404/metrics");
            assertThatThrownBy(() -> new TelemetrySettings(true, List.of(), flag.startsWith("--broker") ? urls : List.of(),
                    flag.startsWith("--node") ? urls : List.of(), null, null, null, null))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith(flag + ": a user and password in the URL")
                    .hasMessageContaining("--metrics-auth-file").hasMessageContaining("$KBENCH_METRICS_USER")
                    .hasMessageNotContaining("s3cret").hasMessageContaining("[redacted]@127.0.0.1:9404");
        }
    }

    @Test
    void anAuthFileNeedsAUrlAndALine() throws IOException {
        Path file = Files.writeString(dir.resolve("auth"), "kbench s3cret\n");
        assertThatThrownBy(() -> new TelemetrySettings(true, List.of(), List.of(), List.of(), null, null, null, file))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--metrics-auth-file: no --broker-metrics-url or --node-exporter-url to send it to (got "
                        + file + ")");
        Path oneWord = Files.writeString(dir.resolve("one-word"), "s3cret\n");
        assertThatThrownBy(() -> new TelemetrySettings(true, List.of(), List.of(url()), List.of(), null, null, null,
                oneWord)).isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--metrics-auth-file: ")
                .hasMessageNotContaining("s3cret");
    }
}
