package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.ClientKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * docs/clients.md's property tables are the code's ({@link ClientPropertyTable}), row for row, so the page a user
 * reads before naming a property is what kbench will accept.
 */
class ClientsDocTest {
    private static final Path DOC = Path.of("docs/clients.md");

    /** The doc's table rows under the heading {@code ## <client>}, up to the next {@code ## } heading. */
    private static List<String> documentedRows(ClientKind client) throws Exception {
        List<String> rows = new ArrayList<>();
        boolean inside = false;
        for (String line : Files.readAllLines(DOC, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                inside = line.equals("## " + client.text());
            } else if (inside && line.startsWith("| `")) {
                rows.add(line);
            }
        }
        return rows;
    }

    static String row(PropertyMapping m) {
        String target = m.conversion() == Conversion.CREDENTIALS ? "`" + m.nativeName() + "username`, `" + m.nativeName()
                + "password`" : m.conversion() == Conversion.PEM_ONLY ? "-" : "`" + m.nativeName() + "`";
        return "| `" + m.javaName() + "` | " + m.scope().name().toLowerCase(Locale.ROOT) + " | " + target + " | "
                + m.conversion().text() + " |";
    }

    @Test
    void eachClientsTableIsTheCodes() throws Exception {
        for (ClientKind client : List.of(ClientKind.FRANZ_GO, ClientKind.LIBRDKAFKA)) {
            List<String> expected = ClientPropertyTable.of(client).rows().values().stream().map(ClientsDocTest::row).toList();
            assertThat(documentedRows(client)).as("docs/clients.md ## %s, to be:%n%s", client.text(),
                    String.join("\n", expected)).isEqualTo(expected);
        }
    }

    @Test
    void theDefaultsKbenchSetsAreDocumented() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        ClientPropertyTable.of(ClientKind.LIBRDKAFKA).producerDefaults()
                .forEach((k, v) -> assertThat(doc).contains("`" + k + "=" + v + "`"));
    }
}
