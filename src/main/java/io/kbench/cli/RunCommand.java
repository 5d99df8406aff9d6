package io.kbench.cli;

import io.kbench.experiment.SingleRun;
import io.kbench.result.RunHeader;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench run [FILE]}: one workload, on an embedded cluster unless --bootstrap-server is given. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a workload and write result.json, .hlog interval logs and broker logs.",
            "Without FILE, runs the bundled quick-start workload on one embedded broker."})
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec command;

    /** Workload YAML file; default the bundled quick-start. */
    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Workload YAML file (default: the bundled quick-start).")
    Path workloadFile;

    @Mixin
    RunContextOptions options = new RunContextOptions();

    @Override
    public Integer call() {
        WorkloadSpec spec = options.workload(workloadFile);
        return options.launch(command, spec.clientJavaHome(), context -> new RunContextOptions.Experiment() {
            private final SingleRun run = new SingleRun(spec, context);

            @Override
            public void dryRun(PrintStream out) {
                RunHeader.printFull(spec, context.connection(), run.check(), out);
            }

            @Override
            public ExitPolicy run(PrintStream out) {
                return ExitPolicy.of(run.execute(out));
            }
        });
    }
}
