package io.kbench.console;

import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.ShortWindow;
import java.io.PrintStream;

/**
 * What the terminal shows after a run: the summary table, then one line or block per part the run has (schedule,
 * warm-up, steady state, faults, thresholds, integrity, share group, rebalances, backlog, rate stages, workers), each absent part
 * skipped. Renders the result as the run made it, in memory; the file written from it holds the same figures.
 */
public final class RunSummary {
    private RunSummary() {
    }

    public static void print(RunResult result, PrintStream out) {
        SummaryTable.print(result.summary(), out);
        headlineNotes(result, out);
        if (result.faults() != null) {
            out.println();
            result.faults().forEach(f -> {
                out.println(f.line());
                // "Recovered" means little when the run was short of its rate before the fault; the schedule knows.
                // Not with stages: the whole run's mean offered rate is not the rate before the fault.
                if (result.schedule() != null && (result.workload() == null || !result.workload().producers().staged())) {
                    result.schedule().baselineNote(f).ifPresent(out::println);
                }
            });
        }
        if (result.thresholds() != null) {
            out.println();
            result.thresholds().forEach(v -> out.println(v.line()));
        }
        sections(result, out);
        if (result.status() == RunStatus.INTERRUPTED) {
            out.println();
            out.println("interrupted: the figures above cover only what was measured until the interrupt");
        }
    }

    /**
     * The lines that qualify the table's figures, right under it: which drivers sent or read, how the rate, warm-up and
     * window went.
     */
    private static void headlineNotes(RunResult result, PrintStream out) {
        if (result.loadCpu() != null) {
            out.println(result.loadCpu().line());
        }
        if (result.clients() != null) {
            out.println(result.clients().line());
            if (result.clients().brokerCheck() != null) {
                out.println(result.clients().brokerCheck().line());
            }
        }
        if (result.schedule() != null) {
            out.println(result.schedule().line());
        }
        if (result.warmup() != null) {
            out.println(result.warmup().line());
            // Said only when the window had not settled: a settled one needs no line under every run.
            if (result.warmup().check() != null) {
                result.warmup().check().line().ifPresent(out::println);
            }
        }
        ShortWindow.flag(result.summary(), result.intervals()).ifPresent(out::println);
        if (result.drift() != null) {
            out.println(result.drift().line());
        }
        SummaryTable.limitedBy(result.telemetry(), out);
        if (result.summary().transactions() != null) {
            out.println(result.summary().transactions().line());
        }
    }

    /** The optional parts that stand on their own, each after a blank line. */
    private static void sections(RunResult result, PrintStream out) {
        if (result.integrity() != null) {
            out.println();
            out.println(result.integrity().line());
        }
        if (result.share() != null) {
            out.println();
            out.println(result.share().line());
        }
        if (result.rebalances() != null) {
            out.println();
            result.rebalances().lines().forEach(out::println);
        }
        if (result.backlog() != null) {
            out.println();
            result.backlog().lines().forEach(out::println);
        }
        if (result.stages() != null && !result.stages().isEmpty()) {
            out.println();
            out.println("stages (offered rate; achieved: records acknowledged while the stage lasted; latency of the"
                    + " stage's own records):");
            result.stages().forEach(stage -> out.println("  " + stage.line()));
        }
        if (result.distributed() != null) {
            out.println();
            WorkerTable.print(result.distributed(), out);
        }
    }
}
