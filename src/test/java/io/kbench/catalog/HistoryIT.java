package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench history} over real runs: 4 open-load runs of a tiny workload whose records the broker compresses
 * (so its CPU limits the run) recorded into a fresh catalog, then 4 with the broker held to half a core
 * ({@code cluster.limits.cpuQuota: 0.5}). History keeps the 8 runs in one series
 * (the limits are the cluster's condition, not a setting), marks the shift at the fifth run with a decided effect
 * (lower, its 95% interval below 1) and names the limits as what changed. Its precondition is measured: when the
 * unlimited broker got under 75% of a core (a machine busy with other work), half a core makes no step and the test
 * is aborted as not testable here, with the figures.
 */
// Timing-sensitive: the step is what half a core does to an open load, measured on whatever else the machine runs.
@Tag("timing")
@EmbeddedKafka
class HistoryIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void fourRunsThenFourOnHalfACoreAreOneSeriesWithAShiftAtTheFifth(@TempDir Path tmp) throws Exception {
        String catalog = tmp.resolve("catalog.sqlite").toString();
        List<String> transcripts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            List<String> args = new ArrayList<>(List.of("run", ItFixture.workload("it-history-step.yaml"),
                    "--results-dir", tmp.resolve("results").toString(), "--catalog", catalog, "--broker-heap", "256m"));
            if (i >= 4) {
                args.addAll(List.of("--set", "cluster.limits.cpuQuota=0.5"));
            }
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertThat(run.exitCode()).as(run.transcript()).isZero();
            assertThat(run.stdout()).as(run.transcript()).contains("catalog: recorded in");
            transcripts.add(run.stdout().lines().filter(l -> l.startsWith("produced ")).findFirst().orElse("?"));
        }

        CliRun json = CliRun.of("history", "it-history-step", "--catalog", catalog, "--json");
        assertThat(json.exitCode()).as(json.transcript()).isZero();
        JsonNode series = JSON.readTree(json.stdout()).get("series");
        String context = String.join("\n", transcripts) + "\n" + json.stdout();
        assertThat(series).as("one series: the limits are a condition, not a setting\n" + context).hasSize(1);
        JsonNode runs = series.get(0).get("runs");
        assertThat(runs).hasSize(8);
        // The precondition, measured: half a core can only make a step if the broker used clearly more than that when
        // unlimited. On a machine busy enough that it got less (at load average 30 the unlimited brokers got 29-52%
        // of a core), the quota does not bind and there is no shift to mark: not testable here, with the figures.
        double[] brokerCpu = new double[8];
        for (int i = 0; i < 8; i++) {
            brokerCpu[i] = telemetryMean(runs.get(i), "broker_cpu_percent@broker-1");
        }
        double leastUnlimited = Math.min(Math.min(brokerCpu[0], brokerCpu[1]), Math.min(brokerCpu[2], brokerCpu[3]));
        org.junit.jupiter.api.Assumptions.assumeTrue(leastUnlimited >= 75, () -> "not testable here: the unlimited"
                + " broker used " + java.util.Arrays.toString(java.util.Arrays.copyOf(brokerCpu, 4)) + "% of a core,"
                + " under 75%, so a quota of 50% cannot make a step (the machine is busier than the test needs);"
                + " limited: " + java.util.Arrays.toString(java.util.Arrays.copyOfRange(brokerCpu, 4, 8)) + "%\n"
                + String.join("\n", transcripts));
        JsonNode throughput = kpi(series.get(0), "produced.recordsPerSec");
        JsonNode shift = null;
        for (JsonNode c : throughput.get("changes")) {
            if (c.get("runIndex").asInt() == 4 && !c.get("isolated").asBoolean()) {
                shift = c;
            }
        }
        assertThat(shift).as("a lasting shift at the fifth run\n" + context).isNotNull();
        assertThat(shift.get("verdict").asText()).as(context).isEqualTo("REGRESSION");
        assertThat(shift.get("effect").get("outcome").asText()).isEqualTo("LOWER");
        assertThat(shift.get("effect").get("high").asDouble()).as("the interval excludes 1").isLessThan(1);
        assertThat(shift.get("effect").get("runsBefore").asInt()).isEqualTo(4);
        assertThat(shift.get("alsoChanged").toString()).contains("cluster limits none -> cpuQuota=0.5");

        CliRun text = CliRun.of("history", "it-history-step", "--catalog", catalog);
        // Kept in the failsafe report (target/failsafe-reports/io.kbench.catalog.HistoryIT-output.txt): docs/history.md
        // shows a run of it.
        System.out.println(text.stdout());
        String fifth = Path.of(runs.get(4).get("resultDir").asText()).getFileName().toString();
        assertThat(text.stdout()).as(text.transcript())
                .containsPattern("REGRESSION produced\\.recordsPerSec at run " + fifth + ": .* lower by [0-9.]+% \\[-")
                .contains("what changed: cluster limits none -> cpuQuota=0.5");
    }

    /** The mean of a telemetry series over a run, as the catalog keeps it (JSON text in the run's diagnosis). */
    private static double telemetryMean(JsonNode run, String series) throws Exception {
        JsonNode diagnosis = run.get("diagnosis");
        assertThat(diagnosis).as("the run's telemetry summary").isNotNull();
        JsonNode means = JSON.readTree(diagnosis.get("telemetry").asText());
        assertThat(means.has(series)).as(means.toString()).isTrue();
        return means.get(series).asDouble();
    }

    private static JsonNode kpi(JsonNode series, String name) {
        for (JsonNode k : series.get("kpis")) {
            if (k.get("kpi").asText().equals(name)) {
                return k;
            }
        }
        throw new AssertionError("no KPI " + name + " in " + series);
    }
}
