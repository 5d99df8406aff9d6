package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad security, TLS and compression input: exit 2 with one line naming the setting, before any broker starts. */
class SecurityInputTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of("run", "--dry-run", "--results-dir", dir.toString()));
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    @Test
    void unknownProtocolCipherOrVersion() {
        CliRun.assertInputError(run("--security", "TLS"), "protocol", "'tls'", "sasl-ssl");
        CliRun.assertInputError(run("--security", "SSL", "--cipher", "rc4-md5"), "cipher", "rc4-md5", "aes-128-gcm");
        CliRun.assertInputError(run("--security", "SSL", "--tls-version", "TLSv1.1"), "tlsVersion", "TLSv1.1");
        CliRun.assertInputError(run("--security", "SASL_SSL", "--sasl-mechanism", "GSSAPI"), "saslMechanism", "gssapi");
        CliRun.assertInputError(run("--security", "SSL", "--tls-provider", "openssl"), "tlsProvider", "openssl", "conscrypt");
    }

    @Test
    void settingsThatNeedAnotherProtocol() {
        CliRun.assertInputError(run("--client-auth", "required"), "cluster.security.clientAuth", "plaintext");
        CliRun.assertInputError(run("--security", "SSL", "--sasl-mechanism", "PLAIN"), "cluster.security.saslMechanism");
        CliRun.assertInputError(run("--tls-provider", "conscrypt"), "cluster.security.tlsProvider", "plaintext");
        CliRun.assertInputError(run("--security", "SSL", "--tls-provider", "conscrypt", "--cipher", "aes-256-gcm"),
                "cluster.security.cipher", "TLSv1.2");
        CliRun.assertInputError(run("--security", "SSL", "--bootstrap-server", "127.0.0.1:1"), "--security");
    }

    @Test
    void rawTlsNamesInKafkaSettingsAreCheckedAgainstTheJdk() {
        CliRun.assertInputError(run("--set", "producers.properties.ssl.cipher.suites=TLS_AES_128_GCM_SHA256,TLS_BOGUS"),
                "producers.properties.ssl.cipher.suites", "TLS_BOGUS");
        CliRun.assertInputError(run("--set", "producers.properties.ssl.enabled.protocols=TLSv1.4"),
                "producers.properties.ssl.enabled.protocols", "TLSv1.4");
        CliRun.assertInputError(run("--broker-config", "ssl.protocol=TLSv9"), "ssl.protocol", "TLSv9");
    }

    @Test
    void compressionLevelsAreCheckedByKafkasRanges() {
        CliRun.assertInputError(run("--set", "producers.properties.compression.type=gzip",
                "--set", "producers.properties.compression.gzip.level=10"), "compression.gzip.level", "10");
        CliRun.assertInputError(run("--set", "producers.properties.compression.zstd.level=23"), "compression.zstd.level", "23");
        CliRun.assertInputError(run("--set", "producers.properties.compression.lz4.level=18"), "compression.lz4.level", "18");
        CliRun ok = run("--set", "producers.properties.compression.type=zstd",
                "--set", "producers.properties.compression.zstd.level=9");
        assertThat(ok.exitCode()).as(ok.transcript()).isZero();
        assertThat(ok.stdout()).contains("compression.zstd.level", "9");
    }

    @Test
    void aClientJavaHomeThatIsNoJdk() {
        CliRun.assertInputError(run("--client-java-home", dir.toString()), "--client-java-home", "no executable bin/java");
    }

    @Test
    void dryRunOfASecuredClusterShowsTheSetupAndNoSecret() {
        CliRun r = run("--security", "sasl_ssl", "--client-auth", "required", "--cipher", "AES-256-GCM");
        assertThat(r.exitCode()).as(r.transcript()).isZero();
        assertThat(r.stdout()).as(r.transcript()).contains("SASL_SSL with client auth (mTLS)/SCRAM-SHA-512")
                .contains("TLS_AES_256_GCM_SHA384").doesNotContain("password", "PRIVATE KEY");
    }

    /** A flag may complete the workload's security: the workload says ssl, the flags add mTLS and Conscrypt. */
    @Test
    void flagsApplyOverTheWorkloadsSecurity() {
        CliRun r = run("src/test/resources/workloads/it-secure.yaml", "--tls-provider", "conscrypt",
                "--client-auth", "required");
        assertThat(r.exitCode()).as(r.transcript()).isZero();
        assertThat(r.stdout()).as(r.transcript()).contains("SSL with client auth (mTLS) Conscrypt");
    }
}
