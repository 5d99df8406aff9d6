package io.kbench.cli;

import static io.kbench.cli.PlanCostCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.PlanCostCommandTest.Outcome;
import org.junit.jupiter.api.Test;

/** Where the load goes is decided once, from --bootstrap-server (external) or its absence (embedded). */
class ClusterTargetCliTest {
    private static final String WORKLOAD = "src/main/resources/workloads/quickstart.yaml";

    @Test
    void dryRunNamesTheExternalCluster() {
        Outcome o = run("run", WORKLOAD, "--dry-run", "--bootstrap-server", "broker-1:9092");
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString()).contains("cluster broker-1:9092").doesNotContain("embedded cluster");
    }

    @Test
    void dryRunWithoutBootstrapServerIsEmbedded() {
        Outcome o = run("run", WORKLOAD, "--dry-run");
        assertThat(o.exit()).as(o.toString()).isZero();
        assertThat(o.out()).as(o.toString()).contains("embedded cluster");
    }

    @Test
    void bootstrapServerWithEmbeddedOptionsIsRefused() {
        Outcome o = run("run", WORKLOAD, "--dry-run", "--bootstrap-server", "broker-1:9092", "--brokers", "3");
        assertThat(o.exit()).as(o.toString()).isEqualTo(2);
        assertThat(o.err()).as(o.toString()).contains("--bootstrap-server conflicts with embedded-cluster options");
    }
}
