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
    void theOutputOfFailedAndUnfinishedClassesEndsTheListing() throws Exception {
        report("io.kbench.cli.RunIT", "61.5", 4, 1, 0, 0);
        report("io.kbench.merge.MergeIT", "20.25", 1, 0, 0, 0);
        StringBuilder long50 = new StringBuilder();
        for (int i = 1; i <= 50; i++) {
            long50.append("line ").append(i).append('\n');
        }
        Files.writeString(reports.resolve("io.kbench.cli.RunIT-output.txt"), long50.toString());
        Files.writeString(reports.resolve("io.kbench.merge.MergeIT-output.txt"), "passed: not shown\n");
        Files.writeString(reports.resolve("io.kbench.driver.FranzGoDriverIT-output.txt"), "x".repeat(400) + "\n");

        assertThat(ItTimes.unfinished(reports)).containsExactly("io.kbench.driver.FranzGoDriverIT");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ItTimes.printTails(ItTimes.read(reports), reports, new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).containsSubsequence("io.kbench.cli.RunIT failed; its last 40 output lines:",
                "  | line 11", "  | line 50",
                "io.kbench.driver.FranzGoDriverIT did not finish; its last 1 output lines:",
                "  | " + "x".repeat(300) + "...");
        assertThat(lines).doesNotContain("  | line 10", "  | passed: not shown");
    }

    @Test
    void aTestThatPassedOnlyWhenRunAgainIsNamedWithItsFirstFailure() throws Exception {
        Files.writeString(reports.resolve("TEST-io.kbench.cli.RunIT.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="io.kbench.cli.RunIT" time="30.5" tests="2" errors="0" skipped="0" failures="0">
                  <testcase name="fine" classname="io.kbench.cli.RunIT" time="1.0"/>
                  <testcase name="shaky" classname="io.kbench.cli.RunIT" time="2.0">
                    <flakyFailure message="expected: 1&#10; but was: 2" type="org.opentest4j.AssertionFailedError">
                      <stackTrace>at x</stackTrace>
                    </flakyFailure>
                  </testcase>
                </testsuite>
                """);
        Files.writeString(reports.resolve("io.kbench.cli.RunIT-output.txt"), "broker started\n");

        List<ItTimes.ClassTime> times = ItTimes.read(reports);
        assertThat(times.get(0).flaky()).containsExactly("shaky: expected: 1 but was: 2");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        ItTimes.print(times, reports, print);
        ItTimes.printTails(times, reports, print);
        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).containsSubsequence(
                "    30.5 s  io.kbench.cli.RunIT  (2 tests, 1 passed only when run again)",
                "flaky io.kbench.cli.RunIT.shaky: expected: 1 but was: 2",
                "io.kbench.cli.RunIT passed only when run again; its last 1 output lines:", "  | broker started");
    }

    @Test
    void anUnreadableReportIsNamedAndTheOthersAreStillListed() throws Exception {
        report("io.kbench.merge.MergeIT", "20.25", 1, 0, 0, 0);
        Files.writeString(reports.resolve("TEST-io.kbench.cli.RunIT.xml"), "<testsuite name=\"cut off");
        List<ItTimes.ClassTime> times = ItTimes.read(reports);
        assertThat(times).extracting(ItTimes.ClassTime::name).hasSize(2).contains("io.kbench.merge.MergeIT")
                .anyMatch(n -> n.startsWith("TEST-io.kbench.cli.RunIT.xml (unreadable: "));
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
