package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.SecretFlags.SecretFlag;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every option that may take a secret has a file or environment form in the same command, and neither the help nor
 * the docs put a password on a command line. Failed before the fix: --broker-metrics-url and --node-exporter-url had
 * no such form, and the --catalog help and docs/history.md showed {@code ?user=U&password=P}.
 */
class SecretFlagsTest {
    private static final Map<String, SecretFlag> BY_OPTION = SecretFlags.ALL.stream()
            .collect(Collectors.toMap(SecretFlag::option, Function.identity()));

    @Test
    void everySecretTakingOptionHasItsAlternativesInTheSameCommand() {
        List<String> problems = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (CommandLine command : commands(Main.newCommandLine())) {
            CommandSpec spec = command.getCommandSpec();
            for (OptionSpec option : spec.options()) {
                String name = option.longestName();
                SecretFlag flag = BY_OPTION.get(name);
                String where = spec.qualifiedName() + " " + name;
                if (flag == null) {
                    if (SecretFlags.SECRET_SHAPES.contains(option.paramLabel()) && !SecretFlags.NO_SECRET.containsKey(name)) {
                        problems.add(where + " " + option.paramLabel() + ": may take a secret, but SecretFlags lists it"
                                + " in neither table");
                    }
                    continue;
                }
                seen.add(name);
                StringBuilder help = new StringBuilder(String.join(" ", option.description()));
                for (String instead : flag.instead()) {
                    OptionSpec alternative = spec.findOption(instead);
                    if (alternative == null) {
                        problems.add(where + ": the command lacks " + instead);
                    } else {
                        help.append(' ').append(String.join(" ", alternative.description()));
                    }
                }
                for (String variable : flag.environment()) {
                    if (!help.toString().contains("$" + variable)) {
                        problems.add(where + ": its help (or its alternatives') does not name $" + variable);
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(seen).as("every option the table lists exists in some command")
                .containsExactlyInAnyOrderElementsOf(BY_OPTION.keySet());
    }

    /**
     * An option named for a secret says where to find it (a file, an environment variable), never the secret itself:
     * a future {@code --catalog-password} would put one in ps whatever its parameter label.
     */
    @Test
    void anOptionNamedForASecretTakesAFileOrAVariable() {
        List<String> problems = new ArrayList<>();
        for (CommandLine command : commands(Main.newCommandLine())) {
            for (OptionSpec option : command.getCommandSpec().options()) {
                for (String name : option.names()) {
                    if (name.matches("(?i).*(password|passwd|secret|token|credential).*")
                            && !name.matches(".*-(file|env)")) {
                        problems.add(command.getCommandSpec().qualifiedName() + " " + name);
                    }
                }
            }
        }
        assertThat(problems).as("options named for a secret that take it on the command line").isEmpty();
    }

    @Test
    void noHelpPutsAPasswordOnTheCommandLine() {
        for (CommandLine command : commands(Main.newCommandLine())) {
            assertThat(command.getUsageMessage(CommandLine.Help.Ansi.OFF)).as(command.getCommandSpec().qualifiedName())
                    .doesNotContainIgnoringCase("password=").doesNotContainIgnoringCase(":password@");
        }
    }

    @Test
    void theDocsRecommendNoPasswordOnACommandLineAndListEveryForm() throws IOException {
        List<Path> pages;
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            pages = Stream.concat(docs.filter(p -> p.toString().endsWith(".md")), Stream.of(Path.of("README.md")))
                    .toList();
        }
        List<String> recommended = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                boolean secretOnCommandLine = line.contains("--catalog") && line.contains("password=P")
                        || line.contains("-url") && line.matches(".*https?://[A-Za-z0-9_]+:[^@ /]+@.*");
                // Shown as what kbench refuses: the next line is its error.
                boolean refused = i + 1 < lines.size() && lines.get(i + 1).startsWith("kbench: error: ");
                if (secretOnCommandLine && !refused) {
                    recommended.add(page + ":" + (i + 1) + ": " + line);
                }
            }
        }
        assertThat(recommended).as("doc lines that put a password on a command line").isEmpty();
        String security = Files.readString(Path.of("docs/security.md"));
        for (SecretFlag flag : SecretFlags.ALL) {
            assertThat(security).as("docs/security.md's secrets table").contains("`" + flag.option());
            flag.instead().forEach(option -> assertThat(security).contains("`" + option));
            flag.environment().forEach(variable -> assertThat(security).contains(variable));
        }
    }

    private static List<CommandLine> commands(CommandLine root) {
        List<CommandLine> all = new ArrayList<>(List.of(root));
        root.getSubcommands().values().forEach(c -> all.addAll(commands(c)));
        return all;
    }
}
