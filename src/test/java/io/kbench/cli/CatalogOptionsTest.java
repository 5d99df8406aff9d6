package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.catalog.CatalogUrl;
import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @Test
    void withoutAPasswordTheUrlIsAsGiven() {
        // The environment variable may hold a shared catalog's password; a local file takes none of it.
        assertThat(parsed("--catalog", dir.resolve("c.sqlite").toString()).password()).isNull();
        assertThat(parsed("--no-catalog")).isNull();
    }
}
