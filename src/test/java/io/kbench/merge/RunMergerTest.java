package io.kbench.merge;

import static io.kbench.merge.RunFixture.T0;
import static io.kbench.merge.RunFixture.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencyRecorder;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.Drift;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.SteadyState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merge of runs that measured at the same time: what is added, what is refused. */
class RunMergerTest {
    @TempDir
    Path tmp;

    @Test
    void countsAreSummedAndLatenciesAddedAsHistogramsNeverAveraged() throws Exception {
        // a: 10 intervals of 1,000 records at 1..10 ms; b: 10 intervals of 100 records at 50..500 ms, 400 ms later.
        Path a = run("a", T0, 10, 1000, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(400), 10, 100, 50_000).writeTo(tmp.resolve("b"));
        RunMerger.Merged merged = RunMerger.merge(List.of(a, b), tmp.resolve("out"), null);
        RunResult r = merged.result();

        assertThat(r.summary().produced().records()).isEqualTo(11_000);
        assertThat(r.summary().consumed().records()).isEqualTo(11_000);
        assertThat(r.summary().produced().bytes()).isEqualTo(1_100_000);
        Histogram expected = LatencyRecorder.newHistogram();
        expected.add(RunFixture.total(a, LatencyMetric.PUBLISH));
        expected.add(RunFixture.total(b, LatencyMetric.PUBLISH));
        assertThat(r.summary().publishLatencyMicros()).isEqualTo(RunFixture.stats(expected));
        // 1,000 of the 11,000 are b's slow ones, so the p99 is one of them: an average of the two p99s is not.
        assertThat(r.summary().publishLatencyMicros().p99()).isGreaterThan(400_000);
        double averagedP99 = (RunFixture.stats(RunFixture.total(a, LatencyMetric.PUBLISH)).p99()
                + RunFixture.stats(RunFixture.total(b, LatencyMetric.PUBLISH)).p99()) / 2.0;
        assertThat((double) r.summary().publishLatencyMicros().p99()).isNotCloseTo(averagedP99,
                org.assertj.core.data.Offset.offset(1000.0));
        assertThat(r.summary().endToEndLatencyMicros().count()).isEqualTo(11_000);
        assertThat(r.summary().sendDelayMicros().count()).isEqualTo(11_000);
    }

    /** The merged run's steady state is judged on the merged series, as a single run's is on its own. */
    @Test
    void theMergedSeriesIsJudgedForDrift() throws Exception {
        Path a = run("a", T0, 14, 1000, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(400), 14, 1000, 1000).writeTo(tmp.resolve("b"));
        Drift d = RunMerger.merge(List.of(a, b), tmp.resolve("out"), null).result().drift();
        assertThat(d.steady()).as(d.line()).isEqualTo(SteadyState.STEADY);
        assertThat(d.intervals()).as(d.line()).isGreaterThanOrEqualTo(12);
        assertThat(d.recordsPerSec().median()).as(d.line()).isEqualTo(2000);
    }

    @Test
    void theWindowRunsFromTheEarliestStartToTheLatestEndAndRatesAreOverIt() throws Exception {
        Path a = run("a", T0, 10, 1000, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(2500), 10, 1000, 1000).writeTo(tmp.resolve("b"));
        RunResult r = RunMerger.merge(List.of(a, b), tmp.resolve("out"), "both").result();

        assertThat(r.summary().produced().windowStart()).isEqualTo(T0);
        assertThat(r.summary().produced().windowEnd()).isEqualTo(T0.plusMillis(12_500));
        assertThat(r.summary().produced().windowSec()).isEqualTo(12.5);
        assertThat(r.summary().produced().recordsPerSec()).isEqualTo(20_000 / 12.5);
        assertThat(r.merge().commonStart()).isEqualTo(T0.plusMillis(2500));
        assertThat(r.merge().commonEnd()).isEqualTo(T0.plusMillis(10_000));
        assertThat(r.merge().commonSec()).isEqualTo(7.5);
        assertThat(r.name()).isEqualTo("both");
        assertThat(r.workload().name()).isEqualTo("both");
        assertThat(r.workload().producers().rate()).isEqualTo(2000.0);
        assertThat(r.workload().producers().count()).isEqualTo(4);
        assertThat(r.workload().description()).startsWith("kbench merge of 2 runs; the first: ");
        assertThat(r.startTime()).isEqualTo(T0.minusSeconds(2));
        assertThat(r.tags()).isNull();
    }

    @Test
    void theIntervalSeriesPutsEachInputIntervalWholeIntoTheMergedIntervalOfItsMidpoint() throws Exception {
        Path a = run("a", T0, 4, 1000, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(400), 4, 100, 5000).writeTo(tmp.resolve("b"));
        RunMerger.Merged merged = RunMerger.merge(List.of(a, b), tmp.resolve("out"), null);
        List<IntervalPoint> points = merged.result().intervals();

        // b's intervals [0.4, 1.4) .. have midpoints 0.9, 1.9, ...: they land in a's intervals 0..3.
        assertThat(points).hasSize(4);
        assertThat(points).extracting(IntervalPoint::endSec).containsExactly(1.0, 2.0, 3.0, 4.0);
        assertThat(points.get(0).producedRecordsPerSec()).isCloseTo(1100, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(points.get(0).publishLatencyMicros().count()).isEqualTo(1100);
        assertThat(points.get(0).publishLatencyMicros().max()).isEqualTo(RunFixture.stats(single(5000)).max());
        long sum = points.stream().mapToLong(p -> p.publishLatencyMicros().count()).sum();
        assertThat(sum).isEqualTo(merged.result().summary().publishLatencyMicros().count());
    }

    @Test
    void theWrittenDirectoryReadsBackStrictlyAndItsLogsAddUpToTheSummary() throws Exception {
        Path a = run("a", T0, 5, 1000, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(300), 5, 500, 2000).writeTo(tmp.resolve("b"));
        Path out = tmp.resolve("out");
        RunMerger.merge(List.of(a, b), out, null).writeTo(out);

        RunResult back = ResultReader.read(out, RunResult.class);
        assertThat(back.merge().inputs()).extracting(i -> i.name()).containsExactly("a", "b");
        assertThat(back.merge().inputs().get(1).summary().produced().records()).isEqualTo(2500);
        Histogram expected = LatencyRecorder.newHistogram();
        expected.add(RunFixture.total(a, LatencyMetric.END_TO_END));
        expected.add(RunFixture.total(b, LatencyMetric.END_TO_END));
        assertThat(RunFixture.total(out, LatencyMetric.END_TO_END)).isEqualTo(expected);
        assertThat(RunFixture.total(out, LatencyMetric.PUBLISH).getTotalCount()).isEqualTo(7500);
        // A merged result is read like a run, and is itself refused as an input (its inputs are what to merge).
        InputRun reread = InputRun.load(a);
        assertThat(reread.result().merge()).isNull();
        assertThatThrownBy(() -> RunMerger.merge(List.of(out, a), tmp.resolve("again"), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("is itself a merged result");
    }

    @Test
    void runsThatDidNotMeasureAtTheSameTimeAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusSeconds(5), 5, 100, 1000).writeTo(tmp.resolve("b"));
        assertRefused(List.of(a, b), "measured from 2026-11-24T01:00:05Z, after", "had stopped at 2026-11-24T01:00:05Z",
                "measured at the same time");
    }

    @Test
    void threeRunsMustShareOneCommonTimeNotJustOverlapInChain() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusSeconds(4), 5, 100, 1000).writeTo(tmp.resolve("b"));
        Path c = run("c", T0.plusSeconds(8), 5, 100, 1000).writeTo(tmp.resolve("c"));
        assertRefused(List.of(a, b, c), "c: measured from", "a had stopped");
    }

    @Test
    void aMissingLogIsRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).writeTo(tmp.resolve("b"));
        Files.delete(b.resolve("send-delay.hlog"));
        assertRefused(List.of(a, b), "send-delay.hlog: missing");
    }

    @Test
    void aLogThatDoesNotAddUpToItsResultIsRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 200, 1000).writeTo(tmp.resolve("b"));
        Files.copy(a.resolve("publish-latency.hlog"), b.resolve("publish-latency.hlog"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertRefused(List.of(a, b), "publish-latency.hlog: holds 500 values but result.json counts 1000");
    }

    @Test
    void differentReportIntervalsAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).with("reportInterval=500ms").writeTo(tmp.resolve("b"));
        assertRefused(List.of(a, b), "workload.reportInterval is 500ms but", "has 1s");
    }

    @Test
    void aFixedRateAndAnUnlimitedRunAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).with("producers.rate=-1").writeTo(tmp.resolve("b"));
        assertRefused(List.of(a, b), "summary.latencyMeasuredFrom is actualSendTime", "intendedSendTime");
    }

    @Test
    void aFixedRateAndAStagedRunAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).with("producers.warmupDuration=0s")
                .with("producers.stages=[{duration: 5s, rate: 1000}]").writeTo(tmp.resolve("b"));
        assertRefused(List.of(a, b), "workload.producers.stages", "runs with and without the same rate stages");
    }

    @Test
    void differentConsumerModesAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).with("consumers.mode=none").writeTo(tmp.resolve("b"));
        assertRefused(List.of(a, b), "workload.consumers.mode is none but", "live");
    }

    @Test
    void embeddedRunsAndRunsAgainstAnotherClusterAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path e = run("e", T0, 5, 100, 1000).embedded().writeTo(tmp.resolve("e"));
        Path other = run("o", T0, 5, 100, 1000).bootstrap("10.0.0.9:9092").writeTo(tmp.resolve("o"));
        Path sameCluster = run("s", T0, 5, 100, 1000).bootstrap("10.0.0.9:9092, 127.0.0.1:9092")
                .writeTo(tmp.resolve("s"));
        assertRefused(List.of(a, e), "e: ran on its own embedded cluster");
        assertRefused(List.of(a, other), "cluster.bootstrapServers 10.0.0.9:9092 has no address in common");
        assertThat(RunMerger.merge(List.of(a, sameCluster), tmp.resolve("ok"), null).result().summary()
                .produced().records()).isEqualTo(1000);
    }

    @Test
    void aResultWithoutTheWindowsWallClockPlaceIsRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).writeTo(tmp.resolve("b"));
        Path json = b.resolve("result.json");
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode tree = (ObjectNode) mapper.readTree(json.toFile());
        for (String totals : List.of("produced", "consumed")) {
            ((ObjectNode) tree.get("summary").get(totals)).remove(List.of("windowStart", "windowEnd"));
        }
        mapper.writeValue(json.toFile(), tree);
        assertRefused(List.of(a, b), "b: summary windowStart: missing");
    }

    @Test
    void theSameDirectoryTwiceAndAnOutputThatIsNotEmptyAreRefused() throws Exception {
        Path a = run("a", T0, 5, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 5, 100, 1000).writeTo(tmp.resolve("b"));
        assertThatThrownBy(() -> RunMerger.merge(List.of(a, tmp.resolve("x/../a")), tmp.resolve("out"), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("given twice");
        assertThatThrownBy(() -> RunMerger.merge(List.of(a, b), b, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--out " + b + ": is one of the inputs");
        assertThatThrownBy(() -> RunMerger.merge(List.of(a, b), tmp, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("exists and is not empty");
    }

    private void assertRefused(List<Path> dirs, String... fragments) {
        assertThatThrownBy(() -> RunMerger.merge(dirs, tmp.resolve("out"), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContainingAll(fragments);
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    private static Histogram single(long micros) {
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValue(micros);
        return h;
    }
}
