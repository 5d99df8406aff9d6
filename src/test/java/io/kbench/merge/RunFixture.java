package io.kbench.merge;

import io.kbench.measure.IntervalLog;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LatencySeries;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a run result directory the way a run does (result.json and the three .hlog files through kbench's own
 * {@link LatencySeries}), with latencies and times chosen by the test, so merge rules can be tested without brokers.
 *
 * @param name               workload name
 * @param start              wall-clock start of the first interval and of the measured window
 * @param intervals          report intervals, all measured, of {@code intervalMillis}
 * @param recordsPerInterval records produced (and, with live consumers, consumed) in each interval
 * @param latencyMicros      every publish latency of interval k is {@code latencyMicros * (k + 1)}; end-to-end twice that
 * @param bootstrap          the external cluster's bootstrap servers; null: an embedded cluster
 * @param overrides          --set overrides of the workload (e.g. {@code consumers.mode=none})
 */
public record RunFixture(String name, Instant start, int intervals, long recordsPerInterval, long latencyMicros,
                         String bootstrap, List<String> overrides) {
    public static final Instant T0 = Instant.parse("2026-11-24T01:00:00Z");

    /** A 1 s interval, fixed-rate run with live consumers against 127.0.0.1:9092. */
    public static RunFixture run(String name, Instant start, int intervals, long recordsPerInterval, long latencyMicros) {
        return new RunFixture(name, start, intervals, recordsPerInterval, latencyMicros, "127.0.0.1:9092",
                List.of("producers.rate=" + recordsPerInterval));
    }

    public RunFixture with(String override) {
        List<String> all = new ArrayList<>(overrides);
        all.add(override);
        return new RunFixture(name, start, intervals, recordsPerInterval, latencyMicros, bootstrap, all);
    }

    public RunFixture embedded() {
        return new RunFixture(name, start, intervals, recordsPerInterval, latencyMicros, null, overrides);
    }

    public RunFixture bootstrap(String servers) {
        return new RunFixture(name, start, intervals, recordsPerInterval, latencyMicros, servers, overrides);
    }

    /** Writes the run into {@code dir}; returns {@code dir}. */
    public Path writeTo(Path dir) throws Exception {
        Files.createDirectories(dir);
        WorkloadSpec spec = new SpecLoader().load(null, withName());
        boolean live = spec.consumers().mode() == io.kbench.spec.ConsumerMode.LIVE;
        boolean fixedRate = !spec.producers().unlimitedRate();
        long intervalMillis = spec.reportInterval().toMillis();
        long base = start.toEpochMilli();
        List<IntervalPoint> points = new ArrayList<>();
        LatencySeries publish = new LatencySeries(LatencyMetric.PUBLISH, dir, base);
        LatencySeries e2e = new LatencySeries(LatencyMetric.END_TO_END, dir, base);
        LatencySeries delay = new LatencySeries(LatencyMetric.SEND_DELAY, dir, base);
        for (int k = 0; k < intervals; k++) {
            for (long i = 0; i < recordsPerInterval; i++) {
                publish.recorder().recordMicros(latencyMicros * (k + 1));
                if (live) {
                    e2e.recorder().recordMicros(2 * latencyMicros * (k + 1));
                }
                if (fixedRate) {
                    delay.recorder().recordMicros(10);
                }
            }
            long s = base + k * intervalMillis;
            double sec = intervalMillis / 1000.0;
            points.add(new IntervalPoint((k + 1) * sec, IntervalPhase.MEASURED, recordsPerInterval / sec,
                    recordsPerInterval * 100 / 1048576.0 / sec, live ? recordsPerInterval / sec : 0,
                    live ? recordsPerInterval * 100 / 1048576.0 / sec : 0, 0,
                    publish.rollInterval(s, s + intervalMillis, true), e2e.rollInterval(s, s + intervalMillis, true),
                    delay.rollInterval(s, s + intervalMillis, true)));
        }
        publish.close();
        e2e.close();
        delay.close();
        long records = recordsPerInterval * intervals;
        double windowSec = intervals * intervalMillis / 1000.0;
        Instant end = start.plusMillis(intervals * intervalMillis);
        Totals produced = new Totals(records, records * 100, records / windowSec, records * 100 / 1048576.0 / windowSec,
                windowSec, 0, Map.of(), 0, start, end);
        Summary summary = new Summary(fixedRate ? "intendedSendTime" : "actualSendTime", produced, live ? produced : null,
                publish.totalStats(), live ? e2e.totalStats() : null, fixedRate ? delay.totalStats() : null, null);
        ClusterInfo cluster = bootstrap == null
                ? new ClusterInfo("embedded", "127.0.0.1:1234", 1, "4.3.1", "17", 9000L, Map.of(), null, null)
                : new ClusterInfo("external", bootstrap, 1, null, null, null, null, null, null);
        RunResult result = RunResult.builder().name(spec.name()).status(RunStatus.COMPLETED).tags(Map.of("host", name))
                .startTime(start.minusSeconds(2)).endTime(end.plusSeconds(1)).environment(Environment.capture())
                .cluster(cluster).workload(spec).clientProperties(Map.of("bootstrap.servers", cluster.bootstrapServers()))
                .summary(summary).intervals(points).build();
        ResultWriter.write(result, dir);
        return dir;
    }

    private List<String> withName() {
        List<String> all = new ArrayList<>(overrides);
        all.add(0, "name=" + name);
        return all;
    }

    /** Every latency of {@code metric}'s log in {@code dir}, added up. */
    public static org.HdrHistogram.Histogram total(Path dir, LatencyMetric metric) {
        return IntervalLog.read(dir.resolve(metric.fileName())).map(IntervalLog::total).orElseThrow();
    }

    static LatencyStats stats(org.HdrHistogram.Histogram h) {
        return LatencySeries.stats(h);
    }
}
