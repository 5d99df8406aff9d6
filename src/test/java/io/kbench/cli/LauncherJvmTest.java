package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's per-run JIT choice (./kbench with KBENCH_SHOW_JVM=1 prints its flags and starts nothing). */
class LauncherJvmTest {
    private static final String C1 = "kbench: JVM flags: -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
    private static final String C2 = "kbench: JVM flags: -XX:+UseSerialGC";

    @Test
    void openLoadProduceKeepsC2() throws Exception {
        assertThat(flags("produce", "--topic", "t", "--num-records", "10", "--record-size", "100", "--throughput", "-1"))
                .isEqualTo(C2);
        assertThat(flags("produce", "--throughput=-1", "--topic", "t")).isEqualTo(C2);
        // The stock tool's parser takes a prefix of --throughput and any negative rate as unlimited; so does produce.
        assertThat(flags("produce", "--thr", "-5", "--topic", "t")).isEqualTo(C2);
        assertThat(flags("produce", "--through=-1", "--topic", "t")).isEqualTo(C2);
    }

    @Test
    void everythingElseRunsOnC1() throws Exception {
        assertThat(flags("produce", "--topic", "t", "--throughput", "5000")).isEqualTo(C1);
        assertThat(flags("consume", "--topic", "t")).isEqualTo(C1);
        assertThat(flags("run", "workload.yaml")).isEqualTo(C1);
        // --throughput belongs to produce only; another command's value is not read as open load
        assertThat(flags("sweep", "s.yaml", "--throughput", "-1")).isEqualTo(C1);
    }

    @Test
    void tlsKeepsC2BecauseC1HasNoAesGcmIntrinsics(@TempDir Path dir) throws Exception {
        assertThat(flags("run", "--security", "SSL", "w.yaml")).isEqualTo(C2);
        assertThat(flags("run", "--set", "cluster.security.protocol=sasl_ssl")).isEqualTo(C2);
        assertThat(flags("sweep", "scenarios/s1-encryption.yaml")).isEqualTo(C2);
        Path tls = Files.writeString(dir.resolve("tls.yaml"), "cluster:\n  security: {protocol: ssl}\n");
        assertThat(flags("run", tls.toString())).isEqualTo(C2);
        Path config = Files.writeString(dir.resolve("client.properties"), "security.protocol=SASL_SSL\n");
        assertThat(flags("run", "--command-config=" + config)).isEqualTo(C2);
        assertThat(flags("sweep", "scenarios/s1-compression.yaml")).isEqualTo(C1);
    }

    @Test
    void noDefaultsMeansNoFlags() throws Exception {
        assertThat(flags(List.of("KBENCH_JVM_DEFAULTS=none"), "produce", "--throughput", "-1"))
                .isEqualTo("kbench: JVM flags: (none: the JVM defaults)");
    }

    private static String flags(String... args) throws Exception {
        return flags(List.of(), args);
    }

    private static String flags(List<String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", Path.of("kbench").toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("KBENCH_JAVA_OPTS");
        pb.environment().remove("KBENCH_JVM_DEFAULTS");
        pb.environment().put("KBENCH_SHOW_JVM", "1");
        for (String kv : env) {
            pb.environment().put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        Process p = pb.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
