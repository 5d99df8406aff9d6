package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.cost.CostResult;
import io.kbench.result.io.ResultReader;
import io.kbench.result.plan.PlanResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The commands that read results (report, compare, plan, cost) accept what the previous release wrote: the real
 * 0.1.0 (cf2bc0a) output in src/test/resources/legacy (see its README.md). io.kbench.result.LegacyResultsTest checks
 * the typed values; this checks the commands end to end.
 */
class LegacyResultsCliTest {
    private static final Path LEGACY = Path.of("src/test/resources/legacy/0.1.0-cf2bc0a");

    @TempDir
    Path tmp;

    private static String legacy(String name) {
        return LEGACY.resolve(name).toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "run-threshold-fail", "produce", "consume", "sweep", "sweep/sweep.json",
        "sweep/points/acks=1/rep-1", "find-max", "find-max/probes/05-1600", "find-max-no-answer"})
    void reportRendersEveryLegacyResult(String name) throws Exception {
        Path out = tmp.resolve("report.html");
        CliRun run = CliRun.of("report", legacy(name), "--out", out.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stderr()).as(run.transcript()).isEmpty();
        String html = Files.readString(out);
        assertThat(html).as(name).startsWith("<!DOCTYPE html>").contains("</html>");
        String expectedName = name.startsWith("sweep/points") ? "tiny" : name.startsWith("sweep") ? "tiny-sweep"
                : name.startsWith("find-max") ? "tiny-fm" : name.startsWith("run") ? "tiny" : name;
        assertThat(html).as(name).contains(expectedName);
    }

    @Test
    void reportOfTheLegacySweepWithTheLegacyPlanAndCost() throws Exception {
        Path out = tmp.resolve("sweep.html");
        CliRun run = CliRun.of("report", legacy("sweep"), "--out", out.toString(), "--sla", "e2e.p99<2000ms",
                "--plan", legacy("plan-from-find-max.json"), "--cost", legacy("cost.json"));
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        String html = Files.readString(out);
        assertThat(html).contains("acks=1").contains("acks=all").contains("Best point under the SLA")
                .contains("m5.2xlarge").contains("brokers for throughput");
    }

    @Test
    void reportOfTheLegacyFindMaxWithTheLegacyPlanAndCost() throws Exception {
        Path out = tmp.resolve("fm.html");
        CliRun run = CliRun.of("report", legacy("find-max"), "--out", out.toString(),
                "--plan", legacy("plan-s3-endurance.json"), "--cost", legacy("cost-example-prices.json"));
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(Files.readString(out)).contains("e2e.p99&lt;500ms").contains("s3-drive-a").contains("s4-broker-node");
    }

    @Test
    void compareTheTwoLegacyRuns() throws Exception {
        Path json = tmp.resolve("compare.json");
        Path html = tmp.resolve("compare.html");
        CliRun run = CliRun.of("compare", legacy("run"), legacy("run-threshold-fail"), "--json", json.toString(),
                "--html", html.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("produced records/s").contains("199.8").contains("299.9");
        assertThat(Files.readString(json)).contains("run-threshold-fail");
        assertThat(Files.readString(html)).contains("</html>");
    }

    @Test
    void compareTheLegacySweepPointByPoint() {
        CliRun run = CliRun.of("compare", legacy("sweep"));
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("acks=1").contains("acks=all");
    }

    @Test
    void compareALegacyRunWithALegacyFindMaxProbeAndAProduceResult() {
        CliRun run = CliRun.of("compare", legacy("run"), legacy("find-max/probes/07-1200"), legacy("produce"));
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("1198").contains("963.4");
    }

    @Test
    void planFromTheLegacyFindMaxGivesWhatThePreviousReleaseGave() {
        Path json = tmp.resolve("plan.json");
        CliRun run = CliRun.of("plan", "--from-result", legacy("find-max"), "--ingress-records-per-sec", "5000",
                "--record-size-bytes", "256", "--replication-factor", "1", "--json", json.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("find-max result").contains("SLA e2e.p99<500ms");
        PlanResult now = ResultReader.read(json, PlanResult.class);
        PlanResult then = ResultReader.read(LEGACY.resolve("plan-from-find-max.json"), PlanResult.class);
        assertThat(now.brokers()).isEqualTo(then.brokers()).isEqualTo(7);
        assertThat(now.bindingConstraint()).isEqualTo(then.bindingConstraint());
        assertThat(now.brokerCounts()).isEqualTo(then.brokerCounts());
        assertThat(now.traffic()).isEqualTo(then.traffic());
    }

    @Test
    void costOfTheLegacyResultsGivesWhatThePreviousReleaseGave() {
        Path json = tmp.resolve("cost.json");
        CliRun run = CliRun.of("cost", "--prices", legacy("inputs/prices.yaml"), legacy("find-max"), legacy("run"),
                legacy("run-threshold-fail"), legacy("sweep"), "--instance-type", legacy("sweep") + "=m5.xlarge",
                "--target-records-per-sec", "5000", "--json", json.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        CostResult now = ResultReader.read(json, CostResult.class);
        CostResult then = ResultReader.read(LEGACY.resolve("cost.json"), CostResult.class);
        assertThat(now.rows()).hasSameSizeAs(then.rows());
        for (int i = 0; i < then.rows().size(); i++) {
            // The source names the path as given, which differs from the previous release's run inside LEGACY; the
            // per-node, monthly and savings columns came later, so the previous release's file has none.
            assertThat(now.rows().get(i)).usingRecursiveComparison()
                    .ignoringFields("source", "yearlyCostPerNode", "monthlyCostTested", "yearlySavingsForTarget")
                    .isEqualTo(then.rows().get(i));
            assertThat(now.rows().get(i).yearlyCostPerNode()).isEqualTo(then.rows().get(i).hourlyPrice() * 8_760);
        }
    }
}
