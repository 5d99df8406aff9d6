package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Bad telemetry flags are one-line errors with exit 2, before any broker starts. */
class TelemetryOptionsTest {
    private static void assertRejected(String expected, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        assertThat(run.stderr().strip().lines()).as(run.transcript()).hasSize(1);
        assertThat(run.stderr()).as(run.transcript()).contains(expected);
    }

    @Test
    void badAddressesAndUrlsNameTheFlag() {
        assertRejected("--broker-jmx", "run", "--bootstrap-server", "127.0.0.1:9", "--broker-jmx", "nohost");
        assertRejected("--broker-jmx", "run", "--bootstrap-server", "127.0.0.1:9", "--broker-jmx", "h:99999");
        assertRejected("--broker-metrics-url", "run", "--bootstrap-server", "127.0.0.1:9", "--broker-metrics-url",
                "ftp://h/metrics");
        assertRejected("--node-exporter-url", "run", "--bootstrap-server", "127.0.0.1:9", "--node-exporter-url",
                "not a url");
    }

    /** Failed before the fix: accepted, and the user and password silently not sent (the endpoint answered 401). */
    @Test
    void aUserAndPasswordInAMetricsUrlAreRefusedWithoutBeingShown() {
        for (String flag : new String[] {"--broker-metrics-url", "--node-exporter-url"}) {
            CliRun run = CliRun.of("run", "--bootstrap-server", "127.0.0.1:9", flag,
                    "http://kbench:s3cret@127.0.0.1:9404/metrics");
            assertRejected(flag + ": a user and password in the URL", "run", "--bootstrap-server", "127.0.0.1:9", flag,
                    "http://kbench:s3cret@127.0.0.1:9404/metrics");
            assertThat(run.transcript()).contains("--metrics-auth-file").doesNotContain("s3cret");
        }
        assertRejected("--metrics-auth-file: no --broker-metrics-url or --node-exporter-url", "run",
                "--bootstrap-server", "127.0.0.1:9", "--metrics-auth-file", "pom.xml");
    }

    @Test
    void externalSourcesNeedAnExternalCluster() {
        assertRejected("--bootstrap-server", "run", "--broker-jmx", "127.0.0.1:9999");
    }

    @Test
    void sweepAndFindMaxTakeTheSameFlags() {
        String sweep = "src/test/resources/sweeps/it-resume.yaml";
        String workload = "src/test/resources/workloads/it-find-max.yaml";
        assertRejected("--broker-jmx", "sweep", sweep, "--bootstrap-server", "127.0.0.1:9", "--broker-jmx", "nohost");
        assertRejected("--broker-jmx", "find-max", workload, "--bootstrap-server", "127.0.0.1:9", "--broker-jmx", "h:0");
        assertRejected("--broker-metrics-url", "sweep", sweep, "--bootstrap-server", "127.0.0.1:9",
                "--broker-metrics-url", "ftp://h/metrics");
        assertRejected("--node-exporter-url", "find-max", workload, "--bootstrap-server", "127.0.0.1:9",
                "--node-exporter-url", "not a url");
        assertRejected("--bootstrap-server", "sweep", sweep, "--broker-jmx", "127.0.0.1:9999");
        assertRejected("--bootstrap-server", "find-max", workload, "--node-exporter-url", "http://127.0.0.1:9100/metrics");
        assertRejected("--no-telemetry", "find-max", workload, "--no-telemetry=maybe");
    }

    @Test
    void noTelemetryIsAFlagWithoutAValue() {
        assertRejected("--no-telemetry", "run", "--no-telemetry=maybe");
    }
}
