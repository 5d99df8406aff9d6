package io.kbench.cli;

import io.kbench.experiment.RunContext;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that runs a workload (run, sweep, find-max): the same options ({@link RunContextOptions}) and the same
 * start-up sequence and exit-code policy; a subclass says only what it loads and what it runs.
 */
abstract class WorkloadCommand implements Callable<Integer> {
    @Spec
    CommandSpec command;

    @Mixin
    RunContextOptions options = new RunContextOptions();

    /**
     * What the command runs on a context, made once, before anything starts, so that making it checks it. Who watches
     * the run (report, catalog, metrics server) is handed to {@code run}: the metrics server may start only once
     * --dry-run and the client-JDK re-launch are past.
     *
     * @param dryRun what --dry-run prints; nothing starts
     * @param run    runs it, told to the watchers, and says how it ended
     */
    record Experiment(Consumer<PrintStream> dryRun, BiFunction<RunContext.Observers, PrintStream, ExitPolicy> run) {
    }

    /**
     * Loads and checks what the command runs (workload, sweep, search); returns the client JDK and Kafka client release
     * it names.
     */
    abstract ClientRuntime load();

    /** The experiment on {@code context}. */
    abstract Experiment experiment(RunContext context);

    @Override
    public final Integer call() {
        ClientRuntime clients = load();
        return options.launch(command, clients, this::experiment);
    }
}
