package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What --catalog accepts, and a password that never stands in the URL or in what is printed. */
class CatalogUrlTest {
    /** Failed before the fix: each became a local SQLite file named after the URL ({@code postgres:/host/db}). */
    @Test
    void aForeignSchemeIsRefused() {
        for (String url : new String[] {"postgres://host/db", "postgresql://u@host:5432/db", "mysql:/nope",
            "sqlite:results/catalog.sqlite"}) {
            assertThatThrownBy(() -> CatalogUrl.parse(url)).as(url).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("--catalog: expected jdbc:sqlite:FILE, jdbc:postgresql://HOST:PORT/DB or a"
                            + " file path");
        }
    }

    @Test
    void pathsStayFilesAndJdbcUrlsStayAsGiven() {
        assertThat(CatalogUrl.parse("results/catalog.sqlite").jdbc()).isEqualTo("jdbc:sqlite:results/catalog.sqlite");
        assertThat(CatalogUrl.parse("/tmp/c.sqlite").file()).isEqualTo(Path.of("/tmp/c.sqlite"));
        // One letter and a colon is a Windows drive, not a scheme.
        assertThat(CatalogUrl.parse("C:/kbench/c.sqlite").jdbc()).isEqualTo("jdbc:sqlite:C:/kbench/c.sqlite");
        assertThat(CatalogUrl.parse("jdbc:postgresql://db:5432/k?user=u").jdbc())
                .isEqualTo("jdbc:postgresql://db:5432/k?user=u");
    }

    @Test
    void aPasswordBesideTheUrlIsNeverShown() {
        CatalogUrl url = CatalogUrl.parse("jdbc:postgresql://db:5432/k?user=u").withPassword("pw-beside");
        assertThat(url.password()).isEqualTo("pw-beside");
        assertThat(url.toString()).isEqualTo("jdbc:postgresql://db:5432/k?user=u").doesNotContain("pw-beside");
        assertThat(url.carriesSecret()).isFalse();
        assertThatThrownBy(() -> CatalogUrl.parse("c.sqlite").withPassword("pw"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("a password is for a PostgreSQL catalog");
    }

    /** The PostgreSQL driver reads no user info: the password would reach an error message as part of a host name. */
    @Test
    void userInfoInAPostgresqlUrlIsRefusedWithoutShowingIt() {
        assertThatThrownBy(() -> CatalogUrl.parse("jdbc:postgresql://u:pw1@db:5432/k"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--catalog-password-file").hasMessageContaining("$KBENCH_CATALOG_PASSWORD")
                .hasMessageNotContaining("pw1");
    }
}
