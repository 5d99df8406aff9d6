package io.kbench.golden;

import static io.kbench.golden.GoldenFiles.assertMatchesInBothLocales;
import static io.kbench.golden.GoldenFiles.printed;
import static io.kbench.golden.GoldenFiles.resource;

import io.kbench.console.SummaryTable;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The table printed at the end of a run, from real result.json files read through the typed reader. */
class SummaryTableGoldenTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // fixed rate with consumers: produced and consumed rows, publish, end-to-end and send delay, latencies >= 1 s
        "result-schema/quickstart-result.json, summary-quickstart.txt",
        // fixed rate with warm-up: latencies from a few ms to over a second
        "report/run-sample/result.json,        summary-run-sample.txt",
        // unlimited rate: no send delay, latency measured from the actual send
        "compare/single/result.json,           summary-unlimited-rate.txt",
        // no consumers: no consumed row, end-to-end measured nothing
        "golden/inputs/producer-only/result.json, summary-producer-only.txt",
        // telemetry with a diagnosis: the "limited by" line after the table
        "report/run-telemetry/result.json,     summary-with-telemetry.txt"})
    void summaryTable(String input, String golden) {
        RunResult run = ResultReader.read(resource(input), RunResult.class);
        assertMatchesInBothLocales(golden, () -> printed(out -> {
            SummaryTable.print(run.summary(), out);
            SummaryTable.limitedBy(run.telemetry(), out);
        }));
    }
}
