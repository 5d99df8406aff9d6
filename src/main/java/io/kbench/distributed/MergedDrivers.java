package io.kbench.distributed;

import io.kbench.result.run.Clients;
import io.kbench.result.run.LoadCpu;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The drivers and the CPU per record of a distributed run, from what each worker reported at its end (docs/clients.md,
 * docs/distributed.md). A worker's report is its own text: a driver is kept only when it names the client the workload
 * asked for, and its version is one bounded line. CPU per record is the workers' CPU added up over their records
 * added up, so a side's figure is the run's, not a mean of the workers'; a side any of whose workers gave no reading is
 * left out rather than understated.
 */
final class MergedDrivers {
    private MergedDrivers() {
    }

    /** The drivers that ran: the first reporting worker's, with every version the workers reported; null for java. */
    static Clients clients(WorkloadSpec spec, List<WorkerState> workers) {
        Clients.Driver producers = driver(spec.producers().client().text(), workers, c -> c.producers());
        Clients.Driver consumers = driver(spec.consumers().client().text(), workers, c -> c.consumers());
        return producers == null && consumers == null ? null : new Clients(producers, consumers);
    }

    private static Clients.Driver driver(String client, List<WorkerState> workers,
                                         Function<Clients, Clients.Driver> side) {
        Clients.Driver first = null;
        Set<String> versions = new LinkedHashSet<>();
        for (WorkerState w : workers) {
            Clients.Driver d = w.done == null || w.done.clients() == null ? null : side.apply(w.done.clients());
            if (d == null || !d.client().equals(client)) {
                continue;
            }
            first = first == null ? d : first;
            versions.add(ControlCodec.Text.line(d.clientVersion()));
        }
        // Workers of one build run one driver version; when they did not, every version is named rather than one.
        return first == null ? null : new Clients.Driver(client, String.join(" and ", versions), first.pid());
    }

    /** Each side's CPU per record over every worker that ran it; null when no side has a reading from all of them. */
    static LoadCpu loadCpu(WorkloadSpec spec, List<WorkerState> workers) {
        LoadCpu.Side producers = side(spec.producers().client().text(), workers, w -> w.slice.producerCount(),
                LoadCpu::producers);
        LoadCpu.Side consumers = side(spec.consumers().client().text(), workers, w -> w.slice.consumerCount(),
                LoadCpu::consumers);
        return producers == null && consumers == null ? null : new LoadCpu(producers, consumers);
    }

    private static LoadCpu.Side side(String client, List<WorkerState> workers, ToIntFunction<WorkerState> threads,
                                     Function<LoadCpu, LoadCpu.Side> side) {
        List<LoadCpu.Side> parts = new ArrayList<>();
        for (WorkerState w : workers) {
            if (w.slice == null || threads.applyAsInt(w) == 0) {
                continue;
            }
            LoadCpu.Side s = w.done == null || w.done.loadCpu() == null ? null : side.apply(w.done.loadCpu());
            if (s == null || !s.client().equals(client) || s.process() != parts.stream().findFirst()
                    .map(LoadCpu.Side::process).orElse(s.process())) {
                return null;
            }
            parts.add(s);
        }
        if (parts.isEmpty()) {
            return null;
        }
        double cpuSeconds = parts.stream().mapToDouble(LoadCpu.Side::cpuSeconds).sum();
        long records = parts.stream().mapToLong(LoadCpu.Side::records).sum();
        return LoadCpu.Side.of(client, parts.get(0).process(), Math.round(cpuSeconds * 1e9), records);
    }
}
