package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.catalog.CatalogUrl;
import io.kbench.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** --catalog-password-file: the PostgreSQL catalog's password from a file, beside a URL that holds none. */
class CatalogOptionsTest {
    @TempDir
    Path dir;

    private CatalogUrl parsed(String... args) {
        CatalogOptions options = new CatalogOptions();
        new CommandLine(options).parseArgs(args);
        return options.url(dir);
    }

    @Test
    void thePasswordFilesFirstLineGoesBesideTheUrl() throws Exception {
        Path file = Files.writeString(dir.resolve("catalog.password"), "pw from a file\nsecond line\n");
        CatalogUrl url = parsed("--catalog", "jdbc:postgresql://db:5432/k?user=u", "--catalog-password-file",
                file.toString());
        assertThat(url.password()).isEqualTo("pw from a file");
        assertThat(url.jdbc()).isEqualTo("jdbc:postgresql://db:5432/k?user=u");
        assertThat(url.toString()).doesNotContain("pw from a file");
    }

    @Test
    void aPasswordFileIsRefusedForSqliteAndWhenMissingOrEmpty() throws Exception {
        Path file = Files.writeString(dir.resolve("p"), "pw\n");
        assertThatThrownBy(() -> parsed("--catalog-password-file", file.toString()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--catalog-password-file: the catalog jdbc:sqlite:")
                .hasMessageContaining("is a SQLite file, which has no password");
        assertThatThrownBy(() -> parsed("--catalog", "jdbc:postgresql://db/k", "--catalog-password-file",
                dir.resolve("absent").toString())).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--catalog-password-file: file not found");
        Path empty = Files.writeString(dir.resolve("empty"), "\nsecret on line two\n");
        assertThatThrownBy(() -> parsed("--catalog", "jdbc:postgresql://db/k", "--catalog-password-file",
                empty.toString())).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--catalog-password-file: its first line is empty")
                .hasMessageNotContaining("secret on line two");
    }

    /**
     * Failed before the fix: a password in --catalog on the command line, which every local user reads in ps, passed
     * unremarked. It still works (with one warning line, the URL redacted); the same URL from $KBENCH_CATALOG is the
     * user's own and is not warned of, and neither is a URL without a password.
     */
    @Test
    void aPasswordInTheCommandLinesUrlIsWarnedOfOnceWithoutShowingIt() {
        CatalogOptions options = new CatalogOptions();
        new CommandLine(options).parseArgs("--catalog", "jdbc:postgresql://db:5432/k?user=u&password=pw-in-argv");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);
        options.warnOfACommandLinePassword(stream);
        options.warnOfACommandLinePassword(stream);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("kbench: warning: --catalog"
                + " jdbc:postgresql://db:5432/k?user=u&password=[redacted]: a password on the command line is seen by"
                + " every local user (ps); give it in --catalog-password-file FILE or $KBENCH_CATALOG_PASSWORD, or the"
                + " whole URL in $KBENCH_CATALOG" + System.lineSeparator());
        assertThat(options.url(dir).jdbc()).as("still handed to the driver").endsWith("password=pw-in-argv");

        for (String[] args : new String[][] {{"--catalog", "jdbc:postgresql://db:5432/k?user=u"}, {}, {"--no-catalog"}}) {
            CatalogOptions quiet = new CatalogOptions();
            new CommandLine(quiet).parseArgs(args);
            ByteArrayOutputStream none = new ByteArrayOutputStream();
            quiet.warnOfACommandLinePassword(new PrintStream(none, true, StandardCharsets.UTF_8));
            assertThat(none.size()).as(String.join(" ", args)).isZero();
        }
    }

    /** The same through the whole CLI: kbench history warns, then fails to reach the database, and shows no password. */
    @Test
    void historyWarnsOfAPasswordOnItsCommandLine() throws Exception {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        String shown = "jdbc:postgresql://127.0.0.1:" + closedPort + "/k?user=u&password=[redacted]";
        CliRun run = CliRun.of("history", "--catalog", "jdbc:postgresql://127.0.0.1:" + closedPort
                + "/k?user=u&password=pw-in-argv", "--results-dir", dir.toString());
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        List<String> lines = run.stderr().lines().filter(l -> l.startsWith("kbench: ")).toList();
        assertThat(lines).as(run.transcript()).hasSize(2);
        assertThat(lines.get(0)).startsWith("kbench: warning: --catalog " + shown + ": a password on the command line");
        assertThat(lines.get(1)).startsWith("kbench: error: catalog " + shown + ": ");
        assertThat(run.transcript()).doesNotContain("pw-in-argv");
    }

    @Test
    void withoutAPasswordTheUrlIsAsGiven() {
        // The environment variable may hold a shared catalog's password; a local file takes none of it.
        assertThat(parsed("--catalog", dir.resolve("c.sqlite").toString()).password()).isNull();
        assertThat(parsed("--no-catalog")).isNull();
    }
}
