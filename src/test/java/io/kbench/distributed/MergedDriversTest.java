package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.SliceWindows;
import io.kbench.result.run.Clients;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MergedDriversTest {
    private static final WorkloadSpec FRANZ = new SpecLoader().load(null, List.of("producers.client=franz-go",
            "producers.count=2", "consumers.count=2", "consumers.mode=live"), List.of());

    private static WorkerState worker(String id, int producers, int consumers, Clients clients, LoadCpu cpu) {
        WorkerState w = new WorkerState(new Message.Join("run-1", id, "h", "1.0", 0, 100));
        w.slice = new Message.Slice(id, 0, 0, producers, 0, consumers);
        // The worker's own summary counts the records its CPU figures are over.
        long produced = cpu == null || cpu.producers() == null ? 0 : cpu.producers().records();
        long consumed = cpu == null || cpu.consumers() == null ? 0 : cpu.consumers().records();
        Summary summary = new Summary("intendedSendTime", totals(produced), totals(consumed), null, null, null, null);
        w.done = new Message.Done("run-1", id, WorkerStatus.COMPLETED, null, summary, new SliceWindows(1, 2, 3, 4),
                clients, cpu);
        return w;
    }

    private static Totals totals(long records) {
        return new Totals(records, records * 100, 0, 0, 1.0, 0, Map.of(), 0, null, null);
    }

    private static Clients franz(String version, long pid) {
        return new Clients(new Clients.Driver("franz-go", version, pid), null);
    }

    private static LoadCpu cpu(long producerNanos, long produced, long consumerNanos, long consumed) {
        return new LoadCpu(LoadCpu.Side.of("franz-go", LoadCpu.Process.DRIVER, producerNanos, produced),
                LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, consumerNanos, consumed));
    }

    @Test
    void cpuPerRecordIsTheWorkersCpuOverTheirRecordsNotAMeanOfTheirFigures() {
        List<WorkerState> workers = List.of(worker("w1", 1, 1, franz("v1.22.3", 11), cpu(3_000_000, 1_000, 1_000_000, 1_000)),
                worker("w2", 1, 1, franz("v1.22.3", 12), cpu(1_000_000, 3_000, 1_000_000, 3_000)));
        LoadCpu merged = MergedDrivers.loadCpu(FRANZ, workers);
        // (3 ms + 1 ms) over 4,000 records: 1 us each (the mean of 3 us and 0.33 us would say 1.67).
        assertThat(merged.producers().cpuMicrosPerRecord()).isEqualTo(1.0);
        assertThat(merged.producers().records()).isEqualTo(4_000);
        assertThat(merged.producers().process()).isEqualTo(LoadCpu.Process.DRIVER);
        assertThat(merged.consumers().cpuMicrosPerRecord()).isEqualTo(0.5);
        assertThat(merged.consumers().client()).isEqualTo("java");
    }

    @Test
    void aSideWithoutEveryWorkersReadingIsLeftOutRatherThanUnderstated() {
        List<WorkerState> workers = List.of(worker("w1", 1, 1, franz("v1.22.3", 11), cpu(3_000_000, 1_000, 1_000_000, 1_000)),
                worker("w2", 1, 1, franz("v1.22.3", 12), new LoadCpu(null,
                        LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 1_000_000, 3_000))));
        LoadCpu merged = MergedDrivers.loadCpu(FRANZ, workers);
        assertThat(merged.producers()).isNull();
        assertThat(merged.consumers().records()).isEqualTo(4_000);
        // A worker without producers has nothing to add to their side.
        LoadCpu oneSender = MergedDrivers.loadCpu(FRANZ, List.of(
                worker("w1", 1, 1, franz("v1.22.3", 11), cpu(3_000_000, 1_000, 1_000_000, 1_000)),
                worker("w2", 0, 1, null, new LoadCpu(null, LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 0, 5)))));
        assertThat(oneSender.producers().records()).isEqualTo(1_000);
    }

    @Test
    void aWorkersCpuOverOtherRecordsThanItsSummaryCountsOrSumsThatOverflowAreLeftOut() {
        WorkerState honest = worker("w1", 1, 1, franz("v1.22.3", 11), cpu(3_000_000, 1_000, 1_000_000, 1_000));
        WorkerState inflated = worker("w2", 1, 1, franz("v1.22.3", 12), cpu(1_000_000, 3_000, 1_000_000, 3_000));
        inflated.done = new Message.Done("run-1", "w2", WorkerStatus.COMPLETED, null, new Summary("intendedSendTime",
                totals(2_999), totals(3_000), null, null, null, null), inflated.done.windows(), inflated.done.clients(),
                inflated.done.loadCpu());
        LoadCpu merged = MergedDrivers.loadCpu(FRANZ, List.of(honest, inflated));
        assertThat(merged.producers()).as("3,000 records of CPU against 2,999 counted").isNull();
        assertThat(merged.consumers().records()).isEqualTo(4_000);
        LoadCpu huge = new LoadCpu(new LoadCpu.Side("franz-go", LoadCpu.Process.DRIVER, 1e300, Long.MAX_VALUE, 1), null);
        assertThat(MergedDrivers.loadCpu(FRANZ, List.of(worker("w1", 1, 0, null, huge), worker("w2", 1, 0, null, huge))))
                .isNull();
    }

    @Test
    void theDriversAreTheFirstWorkersWithEveryVersionNamedAndOnlyTheClientAsked() {
        Clients same = MergedDrivers.clients(FRANZ, List.of(worker("w1", 1, 1, franz("v1.22.3", 11), null),
                worker("w2", 1, 1, franz("v1.22.3", 12), null)));
        assertThat(same.producers()).isEqualTo(new Clients.Driver("franz-go", "v1.22.3", 11));
        assertThat(same.consumers()).isNull();
        Clients differ = MergedDrivers.clients(FRANZ, List.of(worker("w1", 1, 1, franz("v1.22.3", 11), null),
                worker("w2", 1, 1, franz("v1.21.0\u001b[2J", 12), null)));
        assertThat(differ.producers().clientVersion()).isEqualTo("v1.22.3 and v1.21.0 [2J");
        // Unicode controls (a C1 CSI, a bidi override) are blanked; a version of nothing else is no version.
        Clients odd = MergedDrivers.clients(FRANZ, List.of(worker("w1", 1, 1, franz("\u009b\u202e\u0007", 11), null),
                worker("w2", 1, 1, franz("v1\u009b2J", 12), null)));
        assertThat(odd.producers()).isEqualTo(new Clients.Driver("franz-go", "v1 2J", 12));
        // A worker naming a client the workload did not ask for is not believed.
        assertThat(MergedDrivers.clients(FRANZ, List.of(worker("w1", 1, 1,
                new Clients(new Clients.Driver("librdkafka", "2.12.1", 5), null), null)))).isNull();
        assertThat(MergedDrivers.clients(new SpecLoader().load(null, List.of(), List.of()), List.of(worker("w1", 1, 1, null, null)))).isNull();
    }
}
