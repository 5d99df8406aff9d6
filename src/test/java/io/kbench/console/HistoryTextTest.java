package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.catalog.EntryKind;
import io.kbench.catalog.History;
import io.kbench.catalog.RunEnvironment;
import io.kbench.catalog.RunSetup;
import io.kbench.statistics.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code kbench history} in the terminal when a run did not record a part of its environment (issue 42: "Kafka null",
 * "broker JDK null", "git revision null"): the part is left out of a group's description and reads "unknown" in what
 * changed.
 */
class HistoryTextTest {
    private static final RunSetup SETUP = new RunSetup(Map.of("acks", "all"), Map.of("cluster limits", "none"));
    private static final RunEnvironment EMBEDDED = new RunEnvironment("embedded/1 broker(s)", "0.1.0", "4.3.1", "4.3.1",
            "17", "17", "Linux", "cpu", 2, "host");
    /** An external cluster whose brokers said nothing of themselves (no JMX): no broker version, no broker JDK. */
    private static final RunEnvironment EXTERNAL = new RunEnvironment("external/3 broker(s)", "0.1.0", "4.3.1", null,
            "17", null, "Linux", null, 2, null);

    @Test
    void aPartARunDidNotRecordIsLeftOutOrUnknownNeverNull() {
        List<CatalogEntry> runs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            boolean before = i < 6;
            // A halving at run 7 with the environment and git revision changed beside it: a change point that lists them.
            runs.add(entry(i, before ? EMBEDDED : EXTERNAL, before ? "abc1234" : null, before ? 20_000 : 10_000));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HistoryText.print(History.of(runs, Settings.defaults()), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);

        assertThat(out).as(out).doesNotContain("null")
                .contains("(6 runs): external/3 broker(s), client JDK 17, 2 cores" + System.lineSeparator())
                .contains("Kafka brokers 4.3.1 -> unknown", "broker JDK 17 -> unknown", "CPU cpu -> unknown",
                        "git revision abc1234 -> unknown");
    }

    private static CatalogEntry entry(int i, RunEnvironment env, String gitRevision, double recordsPerSec) {
        double value = recordsPerSec * (1 + 0.002 * ((i * 7) % 5 - 2)); // a little noise, as real runs have
        return new CatalogEntry("key-" + i, EntryKind.RUN, "w", "hash-" + i + "-0000000000", Instant.ofEpochSecond(i * 60L),
                "completed", env, gitRevision, Map.of(), Map.of(CatalogKpi.PRODUCED_RECORDS_PER_SEC, value), 0, null,
                "/results/run-" + i, SETUP);
    }
}
