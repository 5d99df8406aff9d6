package io.kbench.experiment;

import io.kbench.cluster.ClusterParams;
import io.kbench.console.RunHeader;
import io.kbench.error.InvalidInputException;
import io.kbench.fault.FaultPreflight;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** What a sweep checks before its first repetition, and its --dry-run, which is those checks and the resolved points. */
final class SweepChecks {
    private SweepChecks() {
    }

    /**
     * Every point's client configs, payload and embedded cluster settings (reserved keys, flags) checked, its drivers
     * built, and an existing cluster reached, before the first repetition: a bad last point costs no run.
     */
    static void preflight(Sweep sweep, boolean reach, PrintStream out) {
        SweepDesign design = sweep.design();
        RunContext context = sweep.context();
        for (SweepPoint point : design.points()) {
            WorkloadSpec spec = design.workload(point, null);
            RunContext pointContext = sweep.contextFor(point);
            Preflight.workload(spec, pointContext.connection());
            Preflight.embeddedOnly(spec, pointContext.target());
            if (context.distribution() != null) {
                Preflight.distributable(spec, context.distribution());
            }
            ClusterParams params = sweep.external() ? null : sweep.clusterParams(spec.cluster(), null);
            try {
                FaultPreflight.check(spec.faults(), params == null ? null : params.brokers());
                FaultPreflight.checkSharedCluster(spec.faults());
                if (params != null) {
                    FaultPreflight.checkNetwork(spec.faults(), params.security());
                }
            } catch (InvalidInputException e) {
                throw new InvalidInputException("point " + point.name() + ": " + e.getMessage(), e);
            }
        }
        if (reach) {
            // Every point's drivers built (or found in the cache) before any broker starts: a missing compiler is
            // one line, never a sweep that fails at its first point of that client.
            for (SweepPoint point : design.points()) {
                Preflight.drivers(design.workload(point, null), out);
            }
            if (design.spec().campaign()) {
                Campaigns.reachable(design, context);
            } else {
                Preflight.reachable(context.target(), context.connection());
            }
        }
    }

    /** --dry-run: {@link #preflight} without reaching a cluster, then every point's resolved workload. */
    static void dryRun(Sweep sweep, PrintStream out) {
        preflight(sweep, false, out);
        SweepDesign design = sweep.design();
        List<String> targets = new ArrayList<>();
        for (SweepPoint point : design.points()) {
            try {
                targets.add(new SingleRun(design.workload(point), sweep.contextFor(point)).check());
            } catch (InvalidInputException e) {
                throw new InvalidInputException("point " + point.name() + ": " + e.getMessage(), e);
            }
        }
        for (int i = 0; i < design.points().size(); i++) {
            SweepPoint point = design.points().get(i);
            out.println("# point " + (i + 1) + "/" + design.points().size() + ": " + point.name() + ", "
                    + (design.spec().repeat().auto() ? "repetitions auto (budget " + design.budget() + ")"
                    : design.spec().repeat() + " repetition(s)"));
            if (point.cluster() != null) {
                out.println("# on cluster " + point.cluster().describe());
            }
            RunHeader.printFull(design.workload(point), sweep.contextFor(point).connection(), targets.get(i), out);
        }
    }
}
