package io.kbench.distributed;

import io.kbench.result.run.Clients;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.ClientKind;
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
        Clients.Driver producers = driver(spec.producers().client(), workers, c -> c.producers());
        Clients.Driver consumers = driver(spec.consumers().client(), workers, c -> c.consumers());
        return producers == null && consumers == null ? null : new Clients(producers, consumers);
    }

    private static Clients.Driver driver(ClientKind asked, List<WorkerState> workers,
                                         Function<Clients, Clients.Driver> side) {
        if (!asked.external()) {
            return null; // a worker claiming a driver for a side the workload gave the Java client is not believed
        }
        Clients.Driver first = null;
        Set<String> versions = new LinkedHashSet<>();
        for (WorkerState w : workers) {
            Clients.Driver d = w.done == null || w.done.clients() == null ? null : side.apply(w.done.clients());
            String version = d == null ? "" : ControlCodec.Text.line(d.clientVersion());
            if (d == null || !d.client().equals(asked.text()) || version.isBlank()) {
                continue;
            }
            first = first == null ? d : first;
            versions.add(version);
        }
        // Workers of one build run one driver version; when they did not, every version is named rather than one.
        return first == null ? null : new Clients.Driver(asked.text(), String.join(" and ", versions), first.pid());
    }

    /** Each side's CPU per record over every worker that ran it; null when no side has a reading from all of them. */
    static LoadCpu loadCpu(WorkloadSpec spec, List<WorkerState> workers) {
        LoadCpu.Side producers = side(spec.producers().client().text(), workers, w -> w.slice.producerCount(),
                LoadCpu::producers, Summary::produced);
        LoadCpu.Side consumers = side(spec.consumers().client().text(), workers, w -> w.slice.consumerCount(),
                LoadCpu::consumers, Summary::consumed);
        return producers == null && consumers == null ? null : new LoadCpu(producers, consumers);
    }

    /**
     * One side over the workers that ran it. A worker's figures are its own text: its records must be the measured
     * records its own summary counts, and sums that overflow leave the side out rather than end the merge.
     */
    private static LoadCpu.Side side(String client, List<WorkerState> workers, ToIntFunction<WorkerState> threads,
                                     Function<LoadCpu, LoadCpu.Side> side, Function<Summary, Totals> totals) {
        List<LoadCpu.Side> parts = new ArrayList<>();
        for (WorkerState w : workers) {
            if (w.slice == null || threads.applyAsInt(w) == 0) {
                continue;
            }
            LoadCpu.Side s = w.done == null || w.done.loadCpu() == null ? null : side.apply(w.done.loadCpu());
            Totals counted = w.done == null || w.done.summary() == null ? null : totals.apply(w.done.summary());
            if (s == null || counted == null || s.records() != counted.records() || !s.client().equals(client)
                    || s.process() != parts.stream().findFirst().map(LoadCpu.Side::process).orElse(s.process())) {
                return null;
            }
            parts.add(s);
        }
        if (parts.isEmpty()) {
            return null;
        }
        try {
            long records = 0;
            long cpuNanos = 0;
            for (LoadCpu.Side p : parts) {
                records = Math.addExact(records, p.records());
                cpuNanos = Math.addExact(cpuNanos, Math.round(p.cpuSeconds() * 1e9));
            }
            return cpuNanos == Long.MAX_VALUE ? null : LoadCpu.Side.of(client, parts.get(0).process(), cpuNanos, records);
        } catch (ArithmeticException e) {
            return null;
        }
    }
}
