package io.kbench.cli;

import io.kbench.error.KbenchException;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * A drop-in's command line ({@code produce} or {@code consume}) taken as kbench takes it, without running it: the stock
 * spellings rewritten ({@link StockSpelling}), picocli's parse on the CLI as {@link Main} builds it, then every check the
 * command makes before anything starts, up to its workload.
 */
final class DropInParse {
    private DropInParse() {
    }

    /** What kbench made of a command line: the workload and the connection properties. */
    record Parsed(WorkloadSpec workload, Map<String, String> conn) {
        String group() {
            return workload.consumers().group();
        }
    }

    /** {@code command args} parsed and checked; a refusal is thrown as kbench throws it. */
    static Parsed parse(String command, String... args) {
        CommandLine cli = Main.newCommandLine(command);
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(List.of(args));
        cli.parseArgs(StockSpelling.rewrite(cli, all.toArray(String[]::new)));
        Object user = cli.getSubcommands().get(command).getCommandSpec().userObject();
        if (user instanceof ProduceCommand p) {
            Map<String, String> conn = p.tool.target.connectionProperties();
            return new Parsed(p.workload(conn), conn);
        }
        ConsumeCommand c = (ConsumeCommand) user;
        c.validate();
        Map<String, String> conn = c.tool.target.connectionProperties();
        return new Parsed(c.workload(conn), conn);
    }

    /** The consume command as parsed from {@code args} (no checks run). */
    static ConsumeCommand consume(String... args) {
        CommandLine cli = Main.newCommandLine("consume");
        List<String> all = new ArrayList<>(List.of("consume"));
        all.addAll(List.of(args));
        cli.parseArgs(StockSpelling.rewrite(cli, all.toArray(String[]::new)));
        return (ConsumeCommand) cli.getSubcommands().get("consume").getCommandSpec().userObject();
    }

    /** Why kbench refuses {@code command args} before anything starts, or empty when it takes them. */
    static Optional<String> refusal(String command, String... args) {
        try {
            parse(command, args);
            return Optional.empty();
        } catch (ParameterException | KbenchException e) {
            return Optional.of(e.getMessage());
        }
    }
}
