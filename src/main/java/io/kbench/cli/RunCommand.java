package io.kbench.cli;

import io.kbench.console.RunHeader;
import io.kbench.experiment.RunContext;
import io.kbench.experiment.SingleRun;
import io.kbench.spec.WorkloadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code kbench run [FILE]}: one workload, on an embedded cluster unless --bootstrap-server is given. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a workload and write result.json, .hlog interval logs and broker logs.",
            "Without FILE, runs the bundled quick-start workload on one embedded broker."})
public final class RunCommand extends WorkloadCommand {
    @Mixin
    WorkloadFile workloadFile = new WorkloadFile();

    private WorkloadSpec spec;

    @Override
    ClientRuntime load() {
        spec = options.workload(workloadFile.path);
        return ClientRuntime.of(spec);
    }

    @Override
    Experiment experiment(RunContext context) {
        SingleRun run = new SingleRun(spec, context);
        return new Experiment(out -> RunHeader.printFull(spec, context.connection(), run.check(), out),
                (watchers, out) -> ExitPolicy.of(run.execute(out, watchers), options.output.minRateRatio(), out));
    }
}
