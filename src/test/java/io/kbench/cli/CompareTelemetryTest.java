package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kbench compare on runs with telemetry: the telemetry figures in the table, the JSON and the HTML page. */
class CompareTelemetryTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path RUN = Path.of("src/test/resources/report/run-telemetry/result.json");

    @Test
    void brokerCpuPerMibAndTheOtherTelemetryFiguresAreCompared(@TempDir Path tmp) throws Exception {
        Path a = Files.createDirectories(tmp.resolve("plain"));
        Files.copy(RUN, a.resolve("result.json"));
        // B: the same run with the broker using 1.5 x the CPU (as TLS would) and the disk series unsampled.
        Path b = Files.createDirectories(tmp.resolve("tls"));
        ObjectNode run = (ObjectNode) JSON.readTree(RUN.toFile());
        for (JsonNode s : run.get("telemetry").get("series")) {
            ArrayNode values = (ArrayNode) s.get("values");
            for (int i = 0; i < values.size(); i++) {
                if (s.get("metric").asText().equals("broker_cpu_percent") && !values.get(i).isNull()) {
                    values.set(i, values.get(i).asDouble() * 1.5);
                } else if (s.get("metric").asText().equals("disk_write_mib_per_sec")) {
                    values.set(i, JSON.nullNode());
                }
            }
        }
        JSON.writeValue(b.resolve("result.json").toFile(), run);
        Path json = tmp.resolve("c.json");
        Path html = tmp.resolve("c.html");

        CliRun r = CliRun.of("compare", a.toString(), b.toString(), "--json", json.toString(), "--html", html.toString());

        assertThat(r.exitCode()).as(r.toString()).isZero();
        // broker CPU 102.78 % (mean over the measured intervals) / 9.76 MiB/s produced
        assertThat(r.stdout()).containsPattern("broker CPU per MiB/s %/\\(MiB/s\\) +10\\.5 +15\\.8 +\\+50\\.0%, undecided: 1 and 1 repetitions, no spread to judge by")
                .containsPattern("request handler idle % +23\\.5 +23\\.5 +\\+0\\.0%, undecided: 1 and 1 repetitions")
                .containsPattern("disk write MiB/s +\\d+\\.\\d+ +- +-\n");
        JsonNode doc = JSON.readTree(json.toFile());
        JsonNode perMib = doc.get("telemetry").get(0);
        assertThat(perMib.get("kpi").asText()).isEqualTo("broker_cpu_per_mib");
        assertThat(perMib.get("unit").asText()).isEqualTo("%/(MiB/s)");
        double cpu = 102.7764705882353;
        double mib = JSON.readTree(RUN.toFile()).at("/summary/produced/mebibytesPerSec").asDouble();
        assertThat(perMib.at("/values/0/median").asDouble()).isCloseTo(cpu / mib, within(1e-6));
        assertThat(perMib.at("/changes/0/effect/ratio").asDouble()).isCloseTo(1.5, within(1e-9));
        assertThat(perMib.at("/changes/0/decision").asText()).isEqualTo("undecided");
        assertThat(perMib.at("/changes/0/effect/low").isNull()).as("one run a side: no interval").isTrue();
        assertThat(perMib.at("/changes/0/runs").asText()).isEqualTo("1 vs 1");
        assertThat(doc.get("telemetry")).extracting(n -> n.get("kpi").asText()).containsExactly("broker_cpu_per_mib",
                "broker_cpu", "request_handler_idle", "network_processor_idle", "disk_write", "client_cpu",
                // the fixture's latency anatomy: which part of the publish latency moved
                "part_send_delay", "part_produce_request_queue", "part_produce_local", "part_produce_remote",
                "part_publish_rest");
        assertThat(Files.readString(html)).contains("broker CPU per MiB/s %/(MiB/s)",
                "broker CPU per MiB/s %/(MiB/s) = sum over brokers of mean broker_cpu_percent / produced MiB/s");
    }

    @Test
    void withoutTelemetryTheComparisonHasNoTelemetryRows(@TempDir Path tmp) throws Exception {
        Path json = tmp.resolve("c.json");
        CliRun r = CliRun.of("compare", "src/test/resources/compare/a", "src/test/resources/compare/b", "--json", json.toString());

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout()).doesNotContain("broker CPU");
        assertThat(JSON.readTree(json.toFile()).has("telemetry")).isFalse();
    }
}
