package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.error.KbenchException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: the root command and the one place where failures become exit codes. */
@Command(name = "kbench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "A performance lab for Apache Kafka: run workloads on an embedded or existing cluster.",
        subcommands = {
            CommandLine.HelpCommand.class,
            RunCommand.class,
            ProduceCommand.class,
            ConsumeCommand.class,
            ClusterCommand.class,
            PlanCommand.class,
            FindMaxCommand.class,
            CostCommand.class,
            SweepCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            MergeCommand.class,
            WorkerCommand.class,
            CatalogCommand.class,
            HistoryCommand.class,
        })
public final class Main {

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns the exit code; tests call this instead of {@link #main}. */
    public static int execute(String... args) {
        return newCommandLine().execute(args);
    }

    static CommandLine newCommandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(Main::handleExecutionException);
        cli.setParameterExceptionHandler(Main::handleParameterException);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionStrategy(ClientJvm::execute);
        return cli;
    }

    private static int handleExecutionException(Exception e, CommandLine cli, CommandLine.ParseResult parseResult) {
        KbenchException known = findKnown(e);
        if (known != null) {
            cli.getErr().println("kbench: error: " + known.getMessage());
            return known.exitCode().code();
        }
        if (e instanceof InterruptedException) {
            cli.getErr().println("kbench: interrupted");
            return ExitCode.INTERRUPTED.code();
        }
        cli.getErr().println("kbench: internal error: " + e);
        if (System.getenv("KBENCH_DEBUG") != null) {
            e.printStackTrace(cli.getErr());
        } else {
            cli.getErr().println("kbench: set KBENCH_DEBUG=1 to see the stack trace");
        }
        return ExitCode.RUN_FAILED.code();
    }

    private static KbenchException findKnown(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof KbenchException k) {
                return k;
            }
        }
        return null;
    }

    private static int handleParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        // One line, like every other error: the message names the option and the value.
        cli.getErr().println("kbench: error: " + ParameterErrors.describe(e)
                + " (see '" + cli.getCommandSpec().qualifiedName() + " --help')");
        return ExitCode.INVALID_INPUT.code();
    }
}
