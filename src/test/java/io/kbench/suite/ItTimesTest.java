package io.kbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-class IT times printed at the end of {@code ./mvnw verify}: read from failsafe's reports, slowest first. */
class ItTimesTest {
    @TempDir
    Path reports;

    private void report(String name, String time, int tests, int failures, int errors, int skipped) throws Exception {
        Files.writeString(reports.resolve("TEST-" + name + ".xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="3.0.2" name="%s" time="%s" \
                tests="%d" errors="%d" skipped="%d" failures="%d">
                  <properties><property name="java.version" value="17"/></properties>
                  <testcase name="t" classname="%s" time="1.0"/>
                </testsuite>
                """.formatted(name, time, tests, errors, skipped, failures, name));
    }

    @Test
    void classesAreListedSlowestFirstWithTheirFailures() throws Exception {
        report("io.kbench.cli.RunIT", "61.5", 4, 1, 0, 0);
        report("io.kbench.client.SecurityIT", "1,234.5", 8, 0, 1, 1);
        report("io.kbench.merge.MergeIT", "20.25", 1, 0, 0, 0);
        Files.writeString(reports.resolve("io.kbench.cli.RunIT-output.txt"), "not a report");

        List<ItTimes.ClassTime> times = ItTimes.read(reports);
        assertThat(times).extracting(ItTimes.ClassTime::name)
                .containsExactly("io.kbench.client.SecurityIT", "io.kbench.cli.RunIT", "io.kbench.merge.MergeIT");
        assertThat(times.get(0).seconds()).isEqualTo(1234.5);
        assertThat(times.get(0).failed()).isEqualTo(1);
        assertThat(times.get(1).failed()).isEqualTo(1);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ItTimes.print(times, reports, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).containsSubsequence(
                "  1234.5 s  io.kbench.client.SecurityIT  (8 tests, 1 failed, 1 skipped)",
                "    61.5 s  io.kbench.cli.RunIT  (4 tests, 1 failed)",
                "    20.3 s  io.kbench.merge.MergeIT  (1 tests)",
                "  1316.3 s  in all 3 classes (summed; parallel forks overlap)");
    }

    @Test
    void noReportsIsOneLineAndNoError() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            ItTimes.main(new String[] {reports.resolve("absent").toString()});
        } finally {
            System.setOut(saved);
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("integration test times: no reports in ")
                .doesNotContain("\n ");
    }
}
