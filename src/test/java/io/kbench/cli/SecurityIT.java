package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.stream.Stream;
import io.kbench.cluster.EmbeddedKafka;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secured embedded clusters end to end: TLS, mTLS, SASL; what result.json records; secrets never written out. */
@EmbeddedKafka
class SecurityIT {
    @TempDir
    Path results;

    /** it-secure.yaml on an embedded cluster with {@code options}: it completes and delivers all 2,000 records. */
    private JsonNode securedRun(String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", workload("it-secure.yaml"), "--results-dir", results.toString(),
                "--broker-heap", "384m"));
        args.addAll(List.of(options));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode result = onlyResult(results);
        assertDelivered(result, run, 2000);
        return result;
    }

    @Test
    void mutualTlsOnTwoBrokersPinnedToTls12AndOneCipher() throws IOException {
        JsonNode result = securedRun("--brokers", "2", "--set", "topic.replicationFactor=2",
                "--security", "SSL", "--client-auth", "required", "--tls-version", "TLSv1.2", "--cipher", "aes-128-gcm");
        JsonNode security = result.at("/cluster/security");
        assertThat(security.get("clientAuth").asBoolean()).isTrue();
        assertThat(security.get("negotiatedProtocol").asText()).isEqualTo("TLSv1.2");
        assertThat(security.get("negotiatedCipherSuite").asText()).isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
        assertThat(result.at("/cluster/brokerConfig/ssl.client.auth").asText()).isEqualTo("required");
        assertThat(result.at("/cluster/brokerConfig/ssl.enabled.protocols").asText()).isEqualTo("TLSv1.2");
        assertNoSecretMaterial(results);
    }

    /** Conscrypt (BoringSSL) on brokers and clients, with mTLS so both sides present the generated EC keys. */
    @Test
    void conscryptMutualTlsOnBrokersAndClientsIsRecorded() throws IOException {
        JsonNode result = securedRun("--security", "SSL", "--client-auth", "required", "--tls-provider", "conscrypt");
        JsonNode security = result.at("/cluster/security");
        assertThat(security.get("tlsProvider").asText()).as(security.toString()).isEqualTo("Conscrypt");
        assertThat(security.get("negotiatedProtocol").asText()).isEqualTo("TLSv1.3");
        assertThat(result.at("/cluster/brokerConfig/ssl.engine.factory.class").asText()).endsWith("ConscryptEngineFactory");
        assertNoSecretMaterial(results);
    }

    @Test
    void saslSslWithScramOnTwoBrokers() throws IOException {
        JsonNode result = securedRun("--brokers", "2", "--set", "topic.replicationFactor=2", "--security", "SASL_SSL");
        JsonNode security = result.at("/cluster/security");
        assertThat(security.get("protocol").asText()).isEqualTo("SASL_SSL");
        assertThat(security.get("saslMechanism").asText()).isEqualTo("SCRAM-SHA-512");
        assertThat(security.get("negotiatedProtocol").asText()).startsWith("TLSv1.");
        assertThat(result.at("/cluster/brokerConfig/sasl.enabled.mechanisms").asText()).isEqualTo("SCRAM-SHA-512");
        // Failed before the fix: the controller listener was PLAINTEXT on a SASL_SSL cluster.
        assertThat(result.at("/cluster/brokerConfig/listener.security.protocol.map").asText()).contains("CONTROLLER:SSL")
                .doesNotContain("PLAINTEXT");
        assertThat(result.at("/cluster/brokerConfig/listener.name.controller.ssl.client.auth").asText()).isEqualTo("required");
        assertNoSecretMaterial(results);
    }

    @Test
    void saslPlaintextWithPlainAndPlaintextReplication() throws IOException {
        JsonNode result = securedRun("--security", "sasl_plaintext", "--sasl-mechanism", "PLAIN",
                "--inter-broker", "plaintext");
        JsonNode security = result.at("/cluster/security");
        assertThat(security.get("protocol").asText()).isEqualTo("SASL_PLAINTEXT");
        assertThat(security.get("saslMechanism").asText()).isEqualTo("PLAIN");
        assertThat(security.get("interBroker").asText()).isEqualTo("plaintext");
        assertThat(security.has("negotiatedProtocol")).isFalse();
        assertThat(result.at("/cluster/brokerConfig/inter.broker.listener.name").asText()).isEqualTo("REPLICATION");
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
        JsonNode result = onlyResult(runs);
        assertDelivered(result, run, 2000);
        assertThat(result.at("/cluster/mode").asText()).isEqualTo("external");
        assertThat(result.at("/cluster/security/protocol").asText()).isEqualTo("SASL_SSL");
        assertThat(result.at("/cluster/security/clientAuth").asBoolean()).isTrue();
        assertThat(result.at("/cluster/security/negotiatedProtocol").asText()).startsWith("TLSv1.");

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

    /**
     * TLS as the workload asks for it (it-secure.yaml: ssl, no client auth), with payload encryption over it: the
     * negotiated handshake is recorded; every record arrives and authenticates, end-to-end latency is still measured,
     * the broker's log segments hold no plaintext, and the key from the file appears in nothing kbench wrote. (One
     * test, formerly two on the same one-broker TLS cluster: a secured start is the dearest part of the suite.)
     */
    @Test
    void sslFromTheWorkloadRecordsTheHandshakeAndEncryptedPayloadsAreCiphertextOnDisk() throws IOException {
        String marker = "KBENCH-PLAINTEXT-MARKER-";
        Path payloads = Files.writeString(results.resolve("payloads.txt"), (marker.repeat(10) + "\n").repeat(20));
        String key = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
        Path keyFile = Files.writeString(results.resolve("payload.key"), key);
        Path data = results.resolve("data");
        Path runs = results.resolve("runs");
        CliRun run = CliRun.of("run", workload("it-secure.yaml"), "--results-dir", runs.toString(),
                "--broker-heap", "384m", "--data-dir", data.toString(), "--keep-data",
                "--set", "producers.payload.type=file", "--set", "producers.payload.file=" + payloads,
                "--set", "producers.payloadEncryption.keyBits=256",
                "--set", "producers.payloadEncryption.keyFile=" + keyFile);
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode result = onlyResult(runs);
        assertDelivered(result, run, 2000);
        assertThat(result.at("/summary/consumed/errors").asLong()).isZero();
        assertThat(result.at("/summary/endToEndLatencyMicros/count").asLong()).isEqualTo(2000);
        assertThat(result.at("/workload/producers/payloadEncryption/keyBits").asInt()).isEqualTo(256);
        JsonNode security = result.at("/cluster/security");
        assertThat(security.get("protocol").asText()).isEqualTo("SSL");
        assertThat(security.get("clientAuth").asBoolean()).isFalse();
        assertThat(security.get("negotiatedProtocol").asText()).isEqualTo("TLSv1.3");
        assertThat(security.get("negotiatedCipherSuite").asText()).startsWith("TLS_");
        assertThat(security.get("certificates").asText()).contains("EC P-256");
        assertThat(result.at("/workload/cluster/security/protocol").asText()).isEqualTo("ssl");
        assertThat(result.at("/cluster/brokerConfig/listener.security.protocol.map").asText()).startsWith("SSL:SSL");
        assertNoSecretMaterial(runs);
        List<Path> segments;
        try (Stream<Path> files = Files.walk(data)) {
            segments = files.filter(f -> f.toString().contains("it-secure") && f.toString().endsWith(".log")).toList();
        }
        assertThat(segments).isNotEmpty();
        long onDisk = 0;
        for (Path segment : segments) {
            onDisk += Files.size(segment);
            assertThat(Files.readString(segment, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain(marker);
        }
        assertThat(onDisk).as("bytes in the topic's segments").isGreaterThan(2000L * 200);
        assertNoneContains(runs, List.of(key, marker.repeat(2)));
        assertThat(run.stdout() + run.stderr()).doesNotContain(key);
    }

    /** TLS as a sweep axis: each point runs on a cluster with its own security, and each result says which. */
    @Test
    void aSweepVariesTheTlsVersion() throws IOException {
        Path sweepFile = Files.writeString(results.resolve("tls-sweep.yaml"), """
                name: tls-sweep
                repeat: 1
                base:
                  topic: {name: tls-sweep, partitions: 1, replicationFactor: 1}
                  producers: {count: 1, rate: 500, records: 500, recordSize: 100}
                  consumers: {mode: live, count: 1}
                points:
                  - {cluster.security.protocol: plaintext}
                  - {cluster.security.protocol: ssl, cluster.security.tlsVersion: TLSv1.2, cluster.security.cipher: chacha20-poly1305}
                """);
        Path runs = results.resolve("runs");
        CliRun run = CliRun.of("sweep", sweepFile.toString(), "--results-dir", runs.toString(), "--broker-heap", "384m");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        List<JsonNode> points = new ArrayList<>();
        try (Stream<Path> files = Files.walk(runs)) {
            for (Path f : files.filter(f -> f.getFileName().toString().equals("result.json")).sorted().toList()) {
                points.add(new ObjectMapper().readTree(f.toFile()));
            }
        }
        assertThat(points).as(run.transcript()).hasSize(2);
        assertThat(points).extracting(p -> p.at("/cluster/security/protocol").asText())
                .containsExactlyInAnyOrder("PLAINTEXT", "SSL");
        assertThat(points).extracting(p -> p.at("/cluster/security/negotiatedCipherSuite").asText(""))
                .containsExactlyInAnyOrder("", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");
        assertNoSecretMaterial(runs);
    }

    /** Every record sent after the warm-up arrived, with no send error. */
    private static void assertDelivered(JsonNode result, CliRun run, long records) {
        assertThat(result.at("/summary/produced/records").asLong()).as(run.transcript()).isEqualTo(records);
        assertThat(result.at("/summary/produced/errors").asLong()).as(run.transcript()).isZero();
        assertThat(result.at("/summary/consumed/records").asLong()).as(run.transcript()).isEqualTo(records);
    }

    /** No private key and no SASL login anywhere kbench wrote (the generated values are not known to the test). */
    private static void assertNoSecretMaterial(Path dir) throws IOException {
        assertNoneContains(dir, List.of("PRIVATE KEY", "password=\"", "password\\=\""));
    }

    private static void assertNoneContains(Path dir, List<String> secrets) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
                for (String secret : secrets) {
                    assertThat(text).as("%s must not contain a secret", file).doesNotContain(secret);
                }
            }
        }
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

    private static JsonNode onlyResult(Path dir) throws IOException {
        return ItFixture.onlyResult(dir);
    }

    private static String workload(String name) {
        return ItFixture.workload(name);
    }
}
