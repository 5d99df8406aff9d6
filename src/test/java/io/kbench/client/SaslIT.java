package io.kbench.client;

import static io.kbench.client.SecuredRuns.assertDelivered;
import static io.kbench.client.SecuredRuns.assertNoSecretMaterial;
import static io.kbench.client.SecuredRuns.assertNoneContains;
import static io.kbench.client.SecuredRuns.securedRun;
import static io.kbench.testkit.ItFixture.onlyRun;
import static io.kbench.testkit.ItFixture.workload;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.SecurityInfo;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SASL on embedded clusters end to end (SCRAM over TLS, PLAIN, a long-lived cluster's client.properties). */
@EmbeddedKafka
class SaslIT {
    @TempDir
    Path results;

    @Test
    void saslSslWithScramOnTwoBrokers() throws IOException {
        RunResult result = securedRun(results, "--brokers", "2", "--set", "topic.replicationFactor=2",
                "--security", "SASL_SSL");
        SecurityInfo security = result.cluster().security();
        assertThat(security.protocol()).isEqualTo("SASL_SSL");
        assertThat(security.saslMechanism()).isEqualTo("SCRAM-SHA-512");
        assertThat(security.negotiatedProtocol()).startsWith("TLSv1.");
        assertThat(result.cluster().brokerConfig().get("sasl.enabled.mechanisms")).isEqualTo("SCRAM-SHA-512");
        // Failed before the fix: the controller listener was PLAINTEXT on a SASL_SSL cluster.
        assertThat(result.cluster().brokerConfig().get("listener.security.protocol.map")).contains("CONTROLLER:SSL")
                .doesNotContain("PLAINTEXT");
        assertThat(result.cluster().brokerConfig().get("listener.name.controller.ssl.client.auth")).isEqualTo("required");
        assertNoSecretMaterial(results);
    }

    @Test
    void saslPlaintextWithPlainAndPlaintextReplication() throws IOException {
        RunResult result = securedRun(results, "--security", "sasl_plaintext", "--sasl-mechanism", "PLAIN",
                "--inter-broker", "plaintext");
        SecurityInfo security = result.cluster().security();
        assertThat(security.protocol()).isEqualTo("SASL_PLAINTEXT");
        assertThat(security.saslMechanism()).isEqualTo("PLAIN");
        assertThat(security.interBroker()).isEqualTo("plaintext");
        assertThat(security.negotiatedProtocol()).isNull();
        assertThat(result.cluster().brokerConfig().get("inter.broker.listener.name")).isEqualTo("REPLICATION");
        assertNoSecretMaterial(results);
    }

    /**
     * A long-lived SASL_SSL cluster with client certificates: its client.properties works for kbench as for any
     * external cluster, a client without it fails with one line instead of hanging, and neither the key nor a password
     * appears in anything kbench wrote (results, broker logs).
     */
    @Test
    void clusterStartClientPropertiesWorkAsForAnExternalCluster() throws IOException {
        Path clusterDir = results.resolve("cluster");
        CliRun start = ItFixture.startCluster(clusterDir, "--broker-heap", "384m", "--security", "SASL_SSL",
                "--client-auth", "required");
        String bootstrap = ItFixture.bootstrap(start);
        Path clientConfig = clusterDir.resolve("client.properties");
        assertThat(start.stdout()).contains(clientConfig.toString());
        assertThat(Files.getPosixFilePermissions(clientConfig)).hasSize(2);
        Properties client = new Properties();
        try (InputStream in = Files.newInputStream(clientConfig)) {
            client.load(in);
        }
        assertThat(client.getProperty("bootstrap.servers")).isEqualTo(bootstrap);

        Path runs = results.resolve("runs");
        CliRun run = CliRun.of("run", workload("it-secure.yaml"), "--results-dir", runs.toString(),
                "--bootstrap-server", bootstrap, "--command-config", clientConfig.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = onlyRun(runs);
        assertDelivered(result, run, 2000);
        assertThat(result.cluster().mode()).isEqualTo("external");
        assertThat(result.cluster().security().protocol()).isEqualTo("SASL_SSL");
        assertThat(result.cluster().security().clientAuth()).isTrue();
        assertThat(result.cluster().security().negotiatedProtocol()).startsWith("TLSv1.");

        CliRun plaintext = CliRun.of("run", workload("it-secure.yaml"), "--results-dir", results.resolve("plain").toString(),
                "--bootstrap-server", bootstrap);
        assertThat(plaintext.exitCode()).as(plaintext.transcript()).isEqualTo(1);
        assertThat(plaintext.stderr().strip().lines().toList()).as(plaintext.transcript()).hasSize(1);
        assertThat(plaintext.took()).isLessThan(Duration.ofSeconds(30));

        List<String> secrets = new ArrayList<>();
        secrets.add(pemBody(client.getProperty("ssl.keystore.key")));
        secrets.add(quoted("password", client.getProperty("sasl.jaas.config")));
        String server = Files.readString(clusterDir.resolve("broker-1/server.properties"));
        Matcher brokerPassword = Pattern.compile("password\\\\?=\"([0-9a-f]+)\"").matcher(server);
        assertThat(brokerPassword.find()).as(server).isTrue();
        secrets.add(brokerPassword.group(1));
        assertThat(secrets).allSatisfy(s -> assertThat(s).hasSizeGreaterThan(20));
        CliRun stop = CliRun.of("cluster", "stop", "--dir", clusterDir.toString());
        assertThat(stop.exitCode()).as(stop.transcript()).isZero();
        assertNoneContains(runs, secrets);
        assertNoneContains(clusterDir.resolve("logs"), secrets);
        assertThat(start.stdout() + start.stderr() + run.stdout() + run.stderr()).doesNotContain(secrets);
    }

    /** The private scalar's part of a PKCS#8 EC key's base64 body (its first 48 characters are the same in every key). */
    private static String pemBody(String pem) {
        return pem.lines().filter(l -> !l.startsWith("-----")).reduce("", String::concat).substring(48, 88);
    }

    private static String quoted(String key, String jaas) {
        Matcher m = Pattern.compile(key + "=\"([^\"]+)\"").matcher(jaas);
        assertThat(m.find()).as(jaas).isTrue();
        return m.group(1);
    }
}
