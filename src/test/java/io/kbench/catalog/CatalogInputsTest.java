package io.kbench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the catalog reads from outside: result files, git, database messages and URLs. */
class CatalogInputsTest {
    @TempDir
    Path dir;

    @Test
    void aFileIsAResultWhenItsTopLevelNamesAKindAndIsReadNoFurther() throws Exception {
        assertThat(ResultFiles.hasTopLevelKind(write("{\"a\":{\"kind\":1},\"b\":[1,{\"c\":2}],\"kind\":\"run\"}")))
                .isTrue();
        assertThat(ResultFiles.hasTopLevelKind(write("{\"a\":{\"kind\":\"run\"}}"))).as("nested kind").isFalse();
        assertThat(ResultFiles.hasTopLevelKind(write("[{\"kind\":\"run\"}]"))).as("not an object").isFalse();
        // Streamed: the kind is found before the rest, which a whole-file parse would refuse, is ever read.
        assertThat(ResultFiles.hasTopLevelKind(write("{\"kind\":\"run\",\"samples\":[1,2,"))).isTrue();
        assertThat(ResultFiles.namesKind(write("not json"))).isFalse();
    }

    @Test
    void gitIsTimedFromItsStartEvenWhenAChildKeepsItsOutputOpen() {
        long start = System.nanoTime();
        // The shell prints and exits at once; its background child holds the output open for 30 s. Reading a pipe
        // would wait for that child before the timeout even started.
        String out = GitRevision.run(new String[] {"sh", "-c", "(sleep 30 &); echo hi"}, 5_000);
        assertThat(out).isEqualTo("hi\n");
        assertThat(GitRevision.run(new String[] {"sh", "-c", "sleep 30"}, 300)).as("a hung command").isNull();
        assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(10);
    }

    @Test
    void databaseMessagesAndUrlsAreRedactedByTheProjectsOneRule() {
        String line = Messages.oneLine(new SQLException("cannot connect to jdbc:postgresql://u:pw1@db:5432/k?user=u"
                + "&password=pw2&sslpassword=pw3 (token=pw4)\nsecond line"));
        assertThat(line).doesNotContain("pw1").doesNotContain("pw2").doesNotContain("pw3").doesNotContain("pw4")
                .contains("user=u").doesNotContain("second line");
        CatalogUrl url = CatalogUrl.parse("jdbc:postgresql://db:5432/k?user=u&password=pw2&ssl=true");
        assertThat(url.toString()).isEqualTo("jdbc:postgresql://db:5432/k?user=u&password=[redacted]&ssl=true");
        assertThat(url.carriesSecret()).isTrue();
    }

    private Path write(String text) throws Exception {
        return Files.writeString(Files.createTempFile(dir, "r", ".json"), text);
    }
}
