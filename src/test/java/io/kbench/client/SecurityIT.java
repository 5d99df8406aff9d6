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
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.spec.SecurityProtocolName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on embedded clusters end to end: mTLS, Conscrypt, TLS from the workload with payload encryption, TLS as a sweep
 * axis; what result.json records; secrets never written out. SASL is in {@link SaslIT} (split so that the two halves,
 * each a few secured cluster starts, run side by side in the parallel IT phase).
 */
@EmbeddedKafka
class SecurityIT {
    @TempDir
    Path results;

    @Test
    void mutualTlsOnTwoBrokersPinnedToTls12AndOneCipher() throws IOException {
        RunResult result = securedRun(results, "--brokers", "2", "--set", "topic.replicationFactor=2",
                "--security", "SSL", "--client-auth", "required", "--tls-version", "TLSv1.2", "--cipher", "aes-128-gcm");
        SecurityInfo security = result.cluster().security();
        assertThat(security.clientAuth()).isTrue();
        assertThat(security.negotiatedProtocol()).isEqualTo("TLSv1.2");
        assertThat(security.negotiatedCipherSuite()).isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
        assertThat(result.cluster().brokerConfig().get("ssl.client.auth")).isEqualTo("required");
        assertThat(result.cluster().brokerConfig().get("ssl.enabled.protocols")).isEqualTo("TLSv1.2");
        assertNoSecretMaterial(results);
    }

    /** Conscrypt (BoringSSL) on brokers and clients, with mTLS so both sides present the generated EC keys. */
    @Test
    void conscryptMutualTlsOnBrokersAndClientsIsRecorded() throws IOException {
        RunResult result = securedRun(results, "--security", "SSL", "--client-auth", "required",
                "--tls-provider", "conscrypt");
        SecurityInfo security = result.cluster().security();
        assertThat(security.tlsProvider()).as(security.toString()).isEqualTo("Conscrypt");
        assertThat(security.negotiatedProtocol()).isEqualTo("TLSv1.3");
        assertThat(result.cluster().brokerConfig().get("ssl.engine.factory.class")).endsWith("ConscryptEngineFactory");
        assertNoSecretMaterial(results);
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
        RunResult result = onlyRun(runs);
        assertDelivered(result, run, 2000);
        assertThat(result.summary().consumed().errors()).isZero();
        assertThat(result.summary().endToEndLatencyMicros().count()).isEqualTo(2000);
        assertThat(result.workload().producers().payloadEncryption().keyBits()).isEqualTo(256);
        SecurityInfo security = result.cluster().security();
        assertThat(security.protocol()).isEqualTo("SSL");
        assertThat(security.clientAuth()).isFalse();
        assertThat(security.negotiatedProtocol()).isEqualTo("TLSv1.3");
        assertThat(security.negotiatedCipherSuite()).startsWith("TLS_");
        assertThat(security.certificates()).contains("EC P-256");
        assertThat(result.workload().cluster().security().protocol()).isEqualTo(SecurityProtocolName.SSL);
        assertThat(result.cluster().brokerConfig().get("listener.security.protocol.map")).startsWith("SSL:SSL");
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
        List<RunResult> points = new ArrayList<>();
        try (Stream<Path> files = Files.walk(runs)) {
            for (Path f : files.filter(f -> f.getFileName().toString().equals("result.json")).sorted().toList()) {
                points.add(ResultReader.read(f, RunResult.class));
            }
        }
        assertThat(points).as(run.transcript()).hasSize(2);
        assertThat(points).extracting(p -> p.cluster().security().protocol())
                .containsExactlyInAnyOrder("PLAINTEXT", "SSL");
        assertThat(points).extracting(p -> Objects.requireNonNullElse(p.cluster().security().negotiatedCipherSuite(), ""))
                .containsExactlyInAnyOrder("", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");
        assertNoSecretMaterial(runs);
    }
}
