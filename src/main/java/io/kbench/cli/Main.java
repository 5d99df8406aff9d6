package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.error.KbenchException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: the root command and the one place where failures become exit codes. */
@Command(name = "kbench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "A performance lab for Apache Kafka: run workloads on an embedded or existing cluster.")
public final class Main {
    /**
     * The subcommands by name, in help order. Registered in code rather than in the annotation, so that a command line
     * naming one builds only that one's model: picocli's reflection over all of them was a fifth of the CPU
     * {@code kbench produce} spent before its first send.
     */
    private static final Map<String, Supplier<Object>> COMMANDS = commands();

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("run", RunCommand::new);
        m.put("produce", ProduceCommand::new);
        m.put("consume", ConsumeCommand::new);
        m.put("cluster", ClusterCommand::new);
        m.put("kafka", KafkaCommand::new);
        m.put("drivers", DriversCommand::new);
        m.put("plan", PlanCommand::new);
        m.put("find-max", FindMaxCommand::new);
        m.put("cost", CostCommand::new);
        m.put("sweep", SweepCommand::new);
        m.put("compare", CompareCommand::new);
        m.put("report", ReportCommand::new);
        m.put("merge", MergeCommand::new);
        m.put("worker", WorkerCommand::new);
        m.put("catalog", CatalogCommand::new);
        m.put("history", HistoryCommand::new);
        m.put("completion", CompletionCommand::new);
        return Collections.unmodifiableMap(m);
    }

    public static void main(String[] args) {
        System.exit(execute(ClientJvm.arguments(args)));
    }

    /** Runs the CLI and returns the exit code; tests call this instead of {@link #main}. */
    public static int execute(String... args) {
        Supplier<Object> named = args.length > 0 ? COMMANDS.get(args[0]) : null;
        return execute(named != null ? newCommandLine(named) : newCommandLine(), args);
    }

    /** Runs {@code args} on {@code cli}, the stock perf tools' spellings taken as theirs ({@link StockSpelling}). */
    static int execute(CommandLine cli, String... args) {
        return cli.execute(StockSpelling.rewrite(cli, args));
    }

    /** The whole CLI, every subcommand registered (help, usage errors, tests). */
    static CommandLine newCommandLine() {
        CommandLine cli = root();
        cli.addSubcommand(new CommandLine.HelpCommand());
        COMMANDS.values().forEach(c -> cli.addSubcommand(c.get()));
        HelpExitCodes.apply(cli);
        StockSpelling.configure(cli);
        return cli;
    }

    /** The CLI with only the subcommand {@code name} (which must exist), as a command line naming it gets. */
    static CommandLine newCommandLine(String name) {
        Supplier<Object> command = COMMANDS.get(name);
        if (command == null) {
            throw new IllegalArgumentException("no command " + name);
        }
        return newCommandLine(command);
    }

    /** The CLI with only {@code command}: what a command line naming it needs. */
    private static CommandLine newCommandLine(Supplier<Object> command) {
        CommandLine cli = root();
        cli.addSubcommand(command.get());
        HelpExitCodes.apply(cli);
        StockSpelling.configure(cli);
        return cli;
    }

    private static CommandLine root() {
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
