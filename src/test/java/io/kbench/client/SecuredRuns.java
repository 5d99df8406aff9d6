package io.kbench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What the secured-cluster ITs ({@link SecurityIT}, {@link SaslIT}) share: a secured run and the secret checks. */
final class SecuredRuns {
    private SecuredRuns() {
    }

    /** it-secure.yaml on an embedded cluster with {@code options}: it completes and delivers all 2,000 records. */
    static RunResult securedRun(Path results, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", ItFixture.workload("it-secure.yaml"),
                "--results-dir", results.toString(), "--broker-heap", "384m"));
        args.addAll(List.of(options));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        RunResult result = ItFixture.onlyRun(results);
        assertDelivered(result, run, 2000);
        return result;
    }

    /** Every record sent after the warm-up arrived, with no send error. */
    static void assertDelivered(RunResult result, CliRun run, long records) {
        assertThat(result.summary().produced().records()).as(run.transcript()).isEqualTo(records);
        assertThat(result.summary().produced().errors()).as(run.transcript()).isZero();
        assertThat(result.summary().consumed().records()).as(run.transcript()).isEqualTo(records);
    }

    /** No private key and no SASL login anywhere kbench wrote (the generated values are not known to the test). */
    static void assertNoSecretMaterial(Path dir) throws IOException {
        assertNoneContains(dir, List.of("PRIVATE KEY", "password=\"", "password\\=\""));
    }

    static void assertNoneContains(Path dir, List<String> secrets) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
                for (String secret : secrets) {
                    assertThat(text).as("%s must not contain a secret", file).doesNotContain(secret);
                }
            }
        }
    }

}
