package io.kbench.golden;

import static io.kbench.golden.GoldenFiles.assertMatchesInBothLocales;
import static io.kbench.golden.GoldenFiles.printed;
import static io.kbench.golden.GoldenFiles.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.console.SweepTable;
import io.kbench.experiment.Sweep;
import io.kbench.experiment.SweepDesign;
import io.kbench.experiment.SweepFiles;
import io.kbench.experiment.SweepPoint;
import io.kbench.kpi.Threshold;
import io.kbench.result.Environment;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.sweep.PointSummary;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** sweep.csv and the ranked sweep table, built from sweep.json files read through the typed reader. */
class SweepGoldenTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "result-schema/s1-compression-sweep.json, sweep-s1-compression.csv",
        // thresholds on each point, a point without consumers
        "report/sweep/sweep.json,                 sweep-batch-size.csv",
        // a point name and override values holding commas, double quotes, CR and LF (RFC 4180 quoting)
        "golden/inputs/quoting-sweep.json,        sweep-quoting.csv"})
    void csv(String input, String golden) {
        SweepResult sweep = ResultReader.read(resource(input), SweepResult.class);
        assertMatchesInBothLocales(golden, () -> SweepTable.csv(sweep));
    }

    /** The golden file above is only as good as its reading: check the quoted cells by RFC 4180's rules here. */
    @Test
    void quotedCellsKeepTheirCommasQuotesAndLineBreaks() {
        String csv = SweepTable.csv(ResultReader.read(resource("golden/inputs/quoting-sweep.json"), SweepResult.class));
        assertThat(csv).contains("\n\"batch \"\"16k\"\", linger\r\n5 ms\",").contains(",\"a,b \"\"c\"\"\nd\",")
                .contains(",\"cr\ronly\",").contains(",plain,");
    }

    @Test
    void rankedTableWithThresholdsAndSla() {
        SweepResult sweep = ResultReader.read(resource("report/sweep/sweep.json"), SweepResult.class);
        Threshold sla = Threshold.parse("e2e.p99<50ms");
        assertMatchesInBothLocales("sweep-batch-size-table.txt", () -> printed(out -> SweepTable.print(sweep, sla, out)));
    }

    @Test
    void rankedTableWithoutSla() {
        SweepResult sweep = ResultReader.read(resource("result-schema/s1-compression-sweep.json"), SweepResult.class);
        assertMatchesInBothLocales("sweep-s1-compression-table.txt", () -> printed(out -> SweepTable.print(sweep, null, out)));
    }

    /**
     * The golden CSVs are built from sweep.json; a sweep writes sweep.csv from its live outcome. Both must agree,
     * including the medians of an even number of repetitions (rounded to whole microseconds, as in a run summary).
     */
    @Test
    void theCsvWrittenAfterASweepIsTheCsvOfItsSweepJson(@TempDir Path dir) throws IOException {
        SweepDesign design = SweepDesign.parse("name: explicit\nrepeat: 2\n"
                + "base: {name: b, producers: {rate: 1000, records: 100, recordSize: 100}, consumers: {mode: live}}\n"
                + "points:\n  - {producers.properties.acks: all, producers.properties.client.id: 'a \"b\", c'}\n"
                + "  - {producers.properties.acks: '1'}\n", Path.of("sweep.yaml"));
        SweepPoint first = design.points().get(0);
        SweepPoint second = design.points().get(1);
        PointSummary summary = PointSummary.of(List.of(run(1_000, 1_001), run(1_003, 1_002)));
        Sweep.PointResult done = new Sweep.PointResult(first, 1, reps(first, 2), 2, 2, 0, summary, List.of(), 0,
                List.of(), null);
        Sweep.PointResult failed = new Sweep.PointResult(second, 1, reps(second, 2), 0, 2, 2, null, List.of(), 0,
                List.of(), null);
        Sweep.SweepOutcome outcome = new Sweep.SweepOutcome(design, List.of(done, failed), false,
                Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:10:00Z"), Environment.capture(), List.of(), null);

        SweepFiles.write(SweepFiles.toResult(outcome), dir);

        String written = Files.readString(dir.resolve(SweepFiles.CSV_FILE));
        assertThat(written).isEqualTo(SweepTable.csv(ResultReader.read(dir, SweepResult.class)));
        assertThat(written).contains(",\"a \"\"b\"\", c\",2,1001.500,").contains(",1.002,")
                .endsWith("\n" + second.name() + ",1,,0" + ",".repeat(14) + "\n");
    }

    private static Summary run(double recordsPerSec, double p50Micros) {
        Totals t = new Totals(1000, 100_000, recordsPerSec, recordsPerSec / 10_000, 1.0, 0, null, 0, null, null);
        LatencyStats l = new LatencyStats(1000, Math.round(p50Micros), 2_000, 3_000, 4_000, 5_000, p50Micros);
        return new Summary("intendedSendTime", t, t, l, l, l, null);
    }

    private static List<String> reps(SweepPoint point, int count) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(i -> "points/" + point.name() + "/rep-" + i + "/result.json").toList();
    }
}
