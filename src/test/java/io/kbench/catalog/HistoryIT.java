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
 * {@code kbench history} over real runs: 4 runs of a tiny workload at 20,000 records/s whose records the broker
 * compresses (so its CPU is what the rate needs) recorded into a fresh catalog, then 4 with the broker held to half the
 * CPU it used in the least busy of them, at most half a core ({@code cluster.limits.cpuQuota}). History keeps the 8 runs
 * in one series (the limits are the cluster's condition, not a setting), marks the shift at the fifth run with a decided effect
 * (lower, its 95% interval below 1) and names the limits as what changed. Its precondition is measured: when an
 * unlimited run fell short of the offered rate (a machine busy with other work), a limit has no step to make and
 * the test is aborted as not testable here, with the figures.
 */
// Timing-sensitive: the step is what a CPU limit does to an open load, measured on whatever else the machine runs.
@Tag("timing")
// Its precondition is the whole machine: run alone, after the timing phase (pom.xml, solo-its).
@Tag("whole-machine")
@EmbeddedKafka
class HistoryIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void fourRunsThenFourOnHalfACoreAreOneSeriesWithAShiftAtTheFifth(@TempDir Path tmp) throws Exception {
        String catalog = tmp.resolve("catalog.sqlite").toString();
        List<String> transcripts = new ArrayList<>();
        // The first run in this JVM pays for loading and compiling the client (measured: 8,077 records/s against
        // 24,887-39,281 for the next three unlimited runs): a run outside the catalog warms it up, so the series
        // holds only what the broker's limit changes. Loading and compiling is what it is for, not its figures: 1 s of
        // warm-up and 1 s measured instead of the workload's 3 s and 3 s (the test runs alone: 4 s of it).
        CliRun warmUp = CliRun.of("run", ItFixture.workload("it-history-step.yaml"), "--results-dir",
                tmp.resolve("warm-up").toString(), "--no-catalog", "--broker-heap", "256m", "--min-rate-ratio", "0",
                "--set", "producers.warmupDuration=1s", "--set", "producers.duration=1s");
        assertThat(warmUp.exitCode()).as(warmUp.transcript()).isZero();
        double quota = 0;
        for (int i = 0; i < 8; i++) {
            List<String> args = new ArrayList<>(List.of("run", ItFixture.workload("it-history-step.yaml"),
                    "--results-dir", tmp.resolve("results").toString(), "--catalog", catalog, "--broker-heap", "256m",
                    // A run may fall short of its rate (exit 5 below --min-rate-ratio): held to the limit that is
                    // the point (16% of it measured beside other tests), and an unlimited run that falls short on a
                    // busy machine is what the precondition below measures, not a failed run. The warm-up run too
                    // (47% of its rate in CI, 2026-11-29).
                    "--min-rate-ratio", "0"));
            if (i == 4) {
                quota = quotaBelowWhatTheBrokerUsed(catalog);
            }
            if (i >= 4) {
                args.addAll(List.of("--set", "cluster.limits.cpuQuota=" + quota));
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
        // The precondition, measured: without the limit the broker kept up with its records (publish p50 under
        // 100 ms in each of the first four runs), so whatever the limit does shows against a broker that had what
        // the load needs; on a machine too busy for that there is no step for a limit to make: not testable here,
        // with the figures. Throughput alone is no precondition: beside the other timing tests the unlimited runs made
        // 11,105-19,924 records/s of the 20,000 offered (CI, 2026-11-29), while their latency stayed low.
        JsonNode throughput = kpi(series.get(0), "produced.recordsPerSec");
        JsonNode p50 = kpi(series.get(0), "publish.p50");
        double[] rates = new double[8];
        double[] p50s = new double[8];
        for (int i = 0; i < 8; i++) {
            rates[i] = throughput.get("values").get(i).asDouble();
            p50s[i] = p50.get("values").get(i).asDouble();
        }
        double worstUnlimitedP50 = java.util.Arrays.stream(p50s, 0, 4).max().orElseThrow();
        org.junit.jupiter.api.Assumptions.assumeTrue(worstUnlimitedP50 < 100, () -> "not testable here: unlimited, the"
                + " runs' publish p50 reached " + worstUnlimitedP50 + " ms (records/s " + java.util.Arrays.toString(
                java.util.Arrays.copyOf(rates, 4)) + "): the machine is busier than the test needs; limited: p50 "
                + java.util.Arrays.toString(java.util.Arrays.copyOfRange(p50s, 4, 8)) + " ms\n"
                + String.join("\n", transcripts));
        // The limit shows in throughput (measured at half a core on an Intel host: 19,948-19,977 then 17,199-18,521
        // records/s, lower by 10.1% [-14.9%, -5.1%]) and above all in the latency of the records queued at the
        // throttled broker (publish p50 3.18 -> 734.8 ms); on a faster host where half a core kept the rate and the
        // median, the shift showed in the tail (publish p99 5.84 -> 224.9 ms, p 0.0011), and on one where it kept all
        // three the limit is now half of what the broker used: each shift at the fifth run must be a decided
        // regression, and at least one must be there.
        List<String> marked = new ArrayList<>();
        for (String name : List.of("produced.recordsPerSec", "publish.p50", "publish.p99")) {
            for (JsonNode c : kpi(series.get(0), name).get("changes")) {
                if (c.get("runIndex").asInt() != 4 || c.get("isolated").asBoolean()) {
                    continue;
                }
                marked.add(name);
                JsonNode effect = c.get("effect");
                assertThat(c.get("verdict").asText()).as(context).isEqualTo("REGRESSION");
                assertThat(effect.get("runsBefore").asInt()).isEqualTo(4);
                if (name.startsWith("produced")) {
                    assertThat(effect.get("outcome").asText()).isEqualTo("LOWER");
                    assertThat(effect.get("high").asDouble()).as("the interval excludes 1").isLessThan(1);
                } else {
                    assertThat(effect.get("outcome").asText()).isEqualTo("HIGHER");
                    assertThat(effect.get("low").asDouble()).as("the interval excludes 1").isGreaterThan(1);
                }
                assertThat(c.get("alsoChanged").toString()).contains("cluster limits none -> cpuQuota=" + quota);
            }
        }
        assertThat(marked).as("a lasting shift at the fifth run\n" + context).isNotEmpty();

        CliRun text = CliRun.of("history", "it-history-step", "--catalog", catalog);
        // Kept in the failsafe report (target/failsafe-reports/io.kbench.catalog.HistoryIT-output.txt): docs/history.md
        // shows a run of it.
        System.out.println(text.stdout());
        String fifth = Path.of(runs.get(4).get("resultDir").asText()).getFileName().toString();
        assertThat(text.stdout()).as(text.transcript())
                .containsPattern("REGRESSION " + marked.get(0).replace(".", "\\.") + " at run " + fifth
                        + ": .* (lower|higher) by [0-9.]+% \\[[-+]")
                .contains("what changed: cluster limits none -> cpuQuota=" + quota);
    }

    /**
     * Half of the CPU the broker used in the least busy unlimited run (its {@code broker_cpu_percent}, 100 = one core),
     * at most half a core: a fixed half core made no step on a faster host (CI 2026-11-30, AMD EPYC: the unlimited
     * broker used 30-60% of a core, and held to 50% all 8 runs made 19,946-19,995 records/s with the same p50), so the
     * limit is set from what this host's broker needed.
     */
    private static double quotaBelowWhatTheBrokerUsed(String catalog) throws Exception {
        CliRun json = CliRun.of("history", "it-history-step", "--catalog", catalog, "--json");
        assertThat(json.exitCode()).as(json.transcript()).isZero();
        double least = Double.MAX_VALUE;
        for (JsonNode run : JSON.readTree(json.stdout()).get("series").get(0).get("runs")) {
            JsonNode telemetry = JSON.readTree(run.get("diagnosis").get("telemetry").asText());
            JsonNode cpu = telemetry.get("broker_cpu_percent@broker-1");
            assertThat(cpu).as("the broker's CPU in " + run).isNotNull();
            least = Math.min(least, cpu.asDouble());
        }
        return Math.max(0.05, Math.min(0.5, Math.round(least / 100 * 0.5 * 100) / 100.0));
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
