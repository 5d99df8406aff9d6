package io.kbench.diagnosis;

import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver process's share of the load generator's CPU (docs/clients.md): a side of the run in a driver is not in
 * kbench's JVM, whose CPU telemetry samples, so its CPU comes from the run's {@code loadCpu}: its CPU seconds over its
 * side's measured window, a mean over the window as the telemetry series' means are.
 *
 * @param client      the driver's client, e.g. {@code franz-go}
 * @param side        {@code producers} or {@code consumers}
 * @param meanPercent mean CPU over the side's measured window, 100 = one core
 */
public record DriverCpu(String client, String side, double meanPercent) {
    public DriverCpu {
        if (client == null || client.isBlank() || !("producers".equals(side) || "consumers".equals(side))) {
            throw new IllegalArgumentException("client must not be blank and side is producers or consumers (got "
                    + client + ", " + side + ")");
        }
        if (!(meanPercent >= 0) || Double.isInfinite(meanPercent)) {
            throw new IllegalArgumentException("meanPercent must be a finite figure >= 0 (got " + meanPercent + ")");
        }
    }

    /** The driver sides of {@code cpu} over their windows in {@code summary}; empty for the Java client alone. */
    public static List<DriverCpu> of(LoadCpu cpu, Summary summary) {
        List<DriverCpu> drivers = new ArrayList<>();
        if (cpu == null || summary == null) {
            return drivers;
        }
        add(drivers, cpu.producers(), summary.produced(), "producers");
        add(drivers, cpu.consumers(), summary.consumed(), "consumers");
        return drivers;
    }

    private static void add(List<DriverCpu> drivers, LoadCpu.Side side, Totals totals, String name) {
        if (side == null || side.process() != LoadCpu.Process.DRIVER || totals == null || !(totals.windowSec() > 0)) {
            return;
        }
        drivers.add(new DriverCpu(side.client(), name, side.cpuSeconds() / totals.windowSec() * 100));
    }

    /** {@code franz-go driver (producers)}. */
    public String label() {
        return client + " driver (" + side + ")";
    }
}
