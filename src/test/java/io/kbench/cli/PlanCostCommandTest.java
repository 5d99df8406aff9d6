package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCostCommandTest {

    /** Exit code plus captured streams; toString shows both so a failing assertion prints them. */
    record Outcome(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    static Outcome run(String... args) {
        CliRun r = CliRun.of(args);
        return new Outcome(r.exitCode(), r.stdout(), r.stderr());
    }

    @Test
    void planS3Row1() {
        Outcome o = run("plan", "scenarios/plan/s3-1m-events.yaml");
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString())
                .contains("86,400,000,000").contains("241.40  TiB").contains("7.63  Gibit/s").contains("25  GbE");
    }

    @Test
    void planFromFlagsWithResultAndDrivesWritesJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("plan.json");
        Outcome o = run("plan", "--ingress-mebibytes-per-sec", "100", "--replication-factor", "3", "--fan-out", "2",
                "--retention", "3d", "--from-result", "src/test/resources/results/find-max",
                "--drive", "a:tbw=1000", "--drive", "b:dwpd=1,capacityTb=3.84,warrantyYears=5", "--json", json.toString());
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString()).contains("find-max result").contains("SLA e2e.p99<200ms")
                .contains("brokers for throughput").contains("a lifetime").contains("b lifetime");
        String written = Files.readString(json);
        assertThat(written).contains("\"brokersForThroughput\"").contains("\"bindingConstraint\"");
    }

    @Test
    void planFlagOverridesFile() {
        Outcome o = run("plan", "scenarios/plan/s3-1m-events.yaml", "--ingress-records-per-sec", "2500000");
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString()).contains("216,000,000,000").contains("603.50  TiB");
    }

    @Test
    void planInputErrorsExitTwoWithOneLine() {
        Outcome zero = run("plan", "--ingress-records-per-sec", "0", "--record-size-bytes", "1000");
        assertThat(zero.exit()).as(zero.toString()).isEqualTo(2);
        assertThat(zero.err()).as(zero.toString()).contains("ingressRecordsPerSec").contains("0.0");
        assertThat(zero.err().lines().count()).as(zero.toString()).isEqualTo(1);

        Outcome unknown = run("plan", "src/test/resources/plan/unknown-key.yaml");
        assertThat(unknown.exit()).as(unknown.toString()).isEqualTo(2);
        assertThat(unknown.err()).as(unknown.toString()).contains("replicationFactr");

        Outcome wrongType = run("plan", "src/test/resources/plan/wrong-type.yaml");
        assertThat(wrongType.exit()).as(wrongType.toString()).isEqualTo(2);
        assertThat(wrongType.err()).as(wrongType.toString()).contains("drives[1].tbw").contains("lots").doesNotContain("Exception");

        Outcome badFlag = run("plan", "--ingress-mebibytes-per-sec", "lots");
        assertThat(badFlag.exit()).as(badFlag.toString()).isEqualTo(2);

        Outcome badDrive = run("plan", "--ingress-mebibytes-per-sec", "10", "--drive", "x:tbw=-1");
        assertThat(badDrive.exit()).as(badDrive.toString()).isEqualTo(2);
        assertThat(badDrive.err()).as(badDrive.toString()).contains("tbw").contains("-1.0");
    }

    @Test
    void costReproducesS4FromItsStatedFigures() {
        Outcome o = run("cost", "--prices", "scenarios/prices/example-prices.yaml", "--stated", "scenarios/cost/s4-stated.yaml",
                "--target-records-per-sec", "155797");
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString()).contains("39,595.20").contains("23,757.12").contains("15,838.08").contains("+44.5")
                .contains("not live").contains("s4-openjdk: stated by S4").contains("not measured by kbench");
        Outcome nothing = run("cost", "--prices", "scenarios/prices/example-prices.yaml");
        assertThat(nothing.exit()).as(nothing.toString()).isEqualTo(2);
        assertThat(nothing.err()).as(nothing.toString()).contains("--stated");
    }

    @Test
    void costInstanceTypeByFlagAndErrors(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, "currency: USD\npricesAsOf: \"2026-01-01\"\nsource: test\ninstanceTypes:\n"
                + "  - name: small\n    hourlyPrice: 0.2\n  - name: m5.2xlarge\n    hourlyPrice: 0.384\n");
        String untagged = "src/test/resources/results/untagged-run";
        Outcome ok = run("cost", "--prices", prices.toString(), untagged, "src/test/resources/results/run",
                "--instance-type", untagged + "=small");
        assertThat(ok.exit()).as(ok.toString()).isZero();
        assertThat(ok.out()).as(ok.toString()).contains("small").contains("m5.2xlarge");

        Outcome missing = run("cost", "--prices", prices.toString(), untagged);
        assertThat(missing.exit()).as(missing.toString()).isEqualTo(2);
        assertThat(missing.err()).as(missing.toString()).contains("tags.instanceType").contains("--instance-type");

        Outcome unpriced = run("cost", "--prices", prices.toString(), "src/test/resources/results/find-max");
        assertThat(unpriced.exit()).as(unpriced.toString()).isEqualTo(2);
        assertThat(unpriced.err()).as(unpriced.toString()).contains("m5.xlarge").contains("not in the price file");

        Outcome badTarget = run("cost", "--prices", prices.toString(), "src/test/resources/results/run", "--target-records-per-sec", "-1");
        assertThat(badTarget.exit()).as(badTarget.toString()).isEqualTo(2);
        assertThat(badTarget.err()).as(badTarget.toString()).contains("targetRecordsPerSec");
    }
}
