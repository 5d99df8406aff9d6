package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code --help} says every description whole (issue 42: it cut them mid-sentence). picocli lists a subcommand by the
 * first element of its description only, and starts a new line at every element, so an element that ends
 * mid-sentence was cut in the command list and broken in the command's own help.
 */
class HelpTextTest {
    /** A sentence ends with . ! or ?, perhaps inside a closing bracket or quote. */
    private static final Pattern SENTENCE_END = Pattern.compile(".*[.!?][)'\"]*$", Pattern.DOTALL);

    @Test
    void everyDescriptionElementEndsASentence() {
        List<String> cut = new ArrayList<>();
        for (CommandLine c : everyCommand(Main.newCommandLine())) {
            CommandSpec spec = c.getCommandSpec();
            check(spec.qualifiedName(), spec.usageMessage().description(), cut);
            List<ArgSpec> args = new ArrayList<>(spec.options());
            args.addAll(spec.positionalParameters());
            for (ArgSpec a : args) {
                if (a.description().length > 1) {
                    check(spec.qualifiedName() + " " + a.paramLabel(), a.description(), cut);
                }
            }
        }
        assertThat(cut).as("description lines that end mid-sentence").isEmpty();
    }

    @Test
    void theCommandListShowsEachCommandsFirstSentenceWhole() {
        for (CommandLine parent : everyCommand(Main.newCommandLine())) {
            if (parent.getSubcommands().isEmpty()) {
                continue;
            }
            // Compared without white space: picocli wraps the column at spaces and after hyphens.
            String usage = parent.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", "");
            parent.getSubcommands().values().stream().distinct().forEach(sub -> {
                // What picocli lists: the header's first line if a command has one (its own help command), else the
                // description's.
                var listed = sub.getCommandSpec().usageMessage();
                String first = listed.header().length > 0 ? listed.header()[0] : listed.description()[0];
                assertThat(usage).as(parent.getCommandName() + " lists " + sub.getCommandName())
                        .contains(String.format(first).replaceAll("\\s+", ""));
                assertThat(first).as(sub.getCommandSpec().qualifiedName()).matches(SENTENCE_END);
            });
        }
    }

    private static void check(String where, String[] description, List<String> cut) {
        for (String line : description) {
            if (!SENTENCE_END.matcher(String.format(line).strip()).matches()) {
                cut.add(where + ": " + line);
            }
        }
    }

    private static List<CommandLine> everyCommand(CommandLine root) {
        List<CommandLine> all = new ArrayList<>(List.of(root));
        root.getSubcommands().values().stream().distinct().forEach(c -> all.addAll(everyCommand(c)));
        return all;
    }
}
