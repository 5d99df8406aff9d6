package io.kbench.golden;

import static io.kbench.golden.GoldenFiles.assertMatchesInBothLocales;
import static io.kbench.golden.GoldenFiles.printed;
import static io.kbench.golden.GoldenFiles.resource;

import io.kbench.console.FindMaxTable;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.io.ResultReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The probe table and the one-line answer of find-max, from find-max result.json files. */
class FindMaxTableGoldenTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // a full search: bracket, bisect and confirm probes, passes and failures with their reasons
        "report/find-max/result.json,  find-max-search.txt",
        // three searches (a real --searches 3 run): the search column, each search's answer, the median and interval
        "report/find-max-searches/result.json,  find-max-searches.txt",
        // an answer alone (no probes), as result files written from published figures hold it
        "results/find-max/result.json, find-max-answer-only.txt"})
    void findMaxTable(String input, String golden) {
        FindMaxResult result = ResultReader.read(resource(input), FindMaxResult.class);
        assertMatchesInBothLocales(golden, () -> printed(out -> FindMaxTable.print(result, out)));
    }
}
