package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.error.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} ends with the exit codes it can return, each with {@link ExitCode}'s own number, name
 * and meaning; a command that judges --threshold lists 3, the gate 6; docs/exit-codes.md opens each code's row with the
 * same meaning. One source: a code renamed, renumbered or reworded in ExitCode shows everywhere or fails here.
 */
class HelpExitCodesTest {
    private static final String HEADING = "Exit codes (docs/exit-codes.md):";
    private static final Pattern ENTRY = Pattern.compile("^\\s+(\\d+)\\s+([A-Z_]+): (.*)$");

    /** Every command of the CLI, the root and nested ones included, by qualified name. */
    private static Map<String, CommandLine> everyCommand() {
        Map<String, CommandLine> all = new LinkedHashMap<>();
        List<CommandLine> todo = new ArrayList<>(List.of(Main.newCommandLine()));
        while (!todo.isEmpty()) {
            CommandLine c = todo.remove(0);
            if (all.putIfAbsent(c.getCommandSpec().qualifiedName(), c) == null) {
                todo.addAll(c.getSubcommands().values());
            }
        }
        return all;
    }

    /** The codes listed at the foot of {@code usage}, each checked against ExitCode as it is read. */
    private static List<ExitCode> listed(String name, String usage) {
        int at = usage.indexOf(HEADING);
        assertThat(at).as("%s --help has an exit-code list:%n%s", name, usage).isNotNegative();
        List<String> entries = new ArrayList<>();
        for (String line : usage.substring(at + HEADING.length()).lines().toList()) {
            if (line.isBlank()) {
                continue;
            }
            if (ENTRY.matcher(line).matches() || entries.isEmpty()) {
                entries.add(line);
            } else {
                // A long meaning wraps onto indented lines.
                entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + line.strip());
            }
        }
        List<ExitCode> codes = new ArrayList<>();
        for (String entry : entries) {
            Matcher m = ENTRY.matcher(entry);
            assertThat(m.matches()).as("%s: an exit-code entry: '%s'", name, entry).isTrue();
            ExitCode code = ExitCode.valueOf(m.group(2));
            assertThat(Integer.parseInt(m.group(1))).as("%s: %s's number", name, code).isEqualTo(code.code());
            assertThat(m.group(3).replaceAll("\\s+", " ")).as("%s: %s's meaning", name, code).isEqualTo(code.meaning());
            codes.add(code);
        }
        return codes;
    }

    @Test
    void everyCommandsHelpListsItsExitCodesFromExitCode() {
        Map<String, CommandLine> all = everyCommand();
        assertThat(all).containsKeys("kbench", "kbench run", "kbench sweep", "kbench cluster start", "kbench catalog import");
        for (Map.Entry<String, CommandLine> e : all.entrySet()) {
            String name = e.getKey();
            CommandLine command = e.getValue();
            List<ExitCode> codes = listed(name, command.getUsageMessage(CommandLine.Help.Ansi.OFF));
            assertThat(codes).as(name).isSorted().doesNotHaveDuplicates()
                    .containsExactlyElementsOf(HelpExitCodes.of(name))
                    .contains(ExitCode.OK, ExitCode.RUN_FAILED, ExitCode.INVALID_INPUT);
            if (command.getCommandSpec().findOption("--threshold") != null) {
                assertThat(codes).as("%s judges --threshold", name).contains(ExitCode.THRESHOLD_FAILED);
            }
            if (command.getCommandSpec().findOption("--baseline") != null) {
                assertThat(codes).as("%s gates on a baseline", name).contains(ExitCode.REGRESSION);
            }
        }
        assertThat(listed("kbench", all.get("kbench").getUsageMessage(CommandLine.Help.Ansi.OFF)))
                .as("the root lists every code").containsExactly(ExitCode.values());
        assertThat(listed("kbench run", all.get("kbench run").getUsageMessage(CommandLine.Help.Ansi.OFF)))
                .contains(ExitCode.INTEGRITY_VIOLATION, ExitCode.RATE_SHORTFALL, ExitCode.INTERRUPTED);
        assertThat(all.keySet()).as("every command named in HelpExitCodes exists").containsAll(HelpExitCodes.named());
    }

    @Test
    void aCommandLineNamingOneCommandPrintsItsListToo() {
        // Main.execute builds only the named command's model: its help must carry the list as the whole CLI's does.
        CliRun run = CliRun.of("find-max", "--help");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(listed("kbench find-max", run.stdout())).containsExactly(ExitCode.OK, ExitCode.RUN_FAILED,
                ExitCode.INVALID_INPUT, ExitCode.THRESHOLD_FAILED, ExitCode.INTERRUPTED);
    }

    @Test
    void theDocumentsTableOpensEachRowWithTheSameMeaning() throws Exception {
        String doc = Files.readString(Path.of("docs/exit-codes.md"));
        for (ExitCode code : ExitCode.values()) {
            Matcher row = Pattern.compile("(?m)^\\|\\s*" + code.code() + "\\s*\\|\\s*" + code.name() + "\\s*\\|([^|]*)")
                    .matcher(doc);
            assertThat(row.find()).as("docs/exit-codes.md has a row for %s", code).isTrue();
            assertThat(row.group(1).replace("`", "").strip()).as("%s's meaning in docs/exit-codes.md", code)
                    .startsWith(code.meaning());
        }
    }
}
