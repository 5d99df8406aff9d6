package io.kbench.measure.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.measure.IntervalCounts;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.TelemetryMetric;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard in deploy/grafana/kbench.json: every query names only metrics that kbench's real
 * {@code /metrics} serves (scraped over HTTP from the real Prometheus client here), every panel has a query and the
 * dashboard's own variables; PrometheusScrapeIT runs every query against a real Prometheus.
 */
class GrafanaDashboardTest {
    private static final Pattern METRIC = Pattern.compile("\\bkbench_[a-z0-9_]+");

    /** An expression as Prometheus runs it: Grafana's variables replaced by what a dashboard over one run uses. */
    static String concrete(String expr) {
        return expr.replace("$__rate_interval", "15s").replace("$instance", ".*");
    }

    static JsonNode dashboard() throws Exception {
        return new ObjectMapper().readTree(Path.of("deploy/grafana/kbench.json").toFile());
    }

    @Test
    void everyQueryNamesAMetricKbenchServes() throws Exception {
        Set<String> used = new TreeSet<>();
        for (JsonNode panel : dashboard().get("panels")) {
            assertThat(panel.get("targets")).as(panel.get("title").asText()).isNotEmpty();
            for (JsonNode target : panel.get("targets")) {
                assertThat(target.at("/datasource/uid").asText()).isEqualTo("${datasource}");
                Matcher m = METRIC.matcher(target.get("expr").asText());
                while (m.find()) {
                    used.add(m.group());
                }
            }
        }
        Set<String> served = served();
        assertThat(used).hasSizeGreaterThan(20);
        assertThat(served).as("names /metrics served").containsAll(used);
    }

    @Test
    void theDashboardDeclaresTheVariablesItsQueriesUse() throws Exception {
        JsonNode d = dashboard();
        Set<String> variables = new TreeSet<>();
        d.at("/templating/list").forEach(v -> variables.add(v.get("name").asText()));
        assertThat(variables).containsExactly("datasource", "instance");
        assertThat(d.get("uid").asText()).isEqualTo("kbench");
        for (JsonNode panel : d.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                assertThat(concrete(target.get("expr").asText())).doesNotContain("$");
            }
        }
    }

    /** The metric names the real server exposes once an interval and every telemetry series were recorded. */
    private static Set<String> served() throws Exception {
        try (MetricsServer server = MetricsServer.start(MetricsServer.DEFAULT_ADDRESS, freePort())) {
            LatencyStats l = new LatencyStats(100, 1_000, 2_000, 3_000, 4_000, 5_000, 1_500.0);
            server.interval(new IntervalPoint(1, IntervalPhase.MEASURED, 100, 0.1, 100, 0.1, 0, l, l, l),
                    new IntervalCounts(100, 102_400, 100, 102_400, 0));
            for (TelemetryMetric m : TelemetryMetric.values()) {
                server.sampled(m, "broker-1", 1.0);
            }
            String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + server.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
            return body.lines().filter(line -> !line.startsWith("#") && !line.isBlank())
                    .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static int freePort() throws Exception {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
