package io.kbench.cli;

import io.kbench.error.ExitCode;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;

/**
 * The exit codes each command can return, listed at the foot of its {@code --help} with {@link ExitCode#meaning()}
 * (picocli's exit-code list section), so a script's author sees them where the options are. Every command can exit
 * 0, 1 (an internal error or a failed start) and 2 (a usage error); the table names what a command adds. The root lists
 * every code. HelpExitCodesTest checks each command's footer against {@link ExitCode} and the options that set a code.
 */
final class HelpExitCodes {
    /** What any command may return: done, failed, or refused its input (picocli's usage errors included). */
    private static final Set<ExitCode> EVERY = EnumSet.of(ExitCode.OK, ExitCode.RUN_FAILED, ExitCode.INVALID_INPUT);

    /**
     * The codes a command returns beyond {@link #EVERY}, by its qualified name. A workload command stops on Ctrl-C
     * with what it measured (130); {@code run} and {@code produce} judge their offered rate (5); a verified run or sweep
     * repetition can violate integrity (4; find-max fails the probe instead); --threshold gives 3, the gate 6.
     */
    private static final Map<String, Set<ExitCode>> MORE = Map.of(
            "kbench run", EnumSet.of(ExitCode.THRESHOLD_FAILED, ExitCode.INTEGRITY_VIOLATION, ExitCode.RATE_SHORTFALL,
                    ExitCode.INTERRUPTED),
            "kbench produce", EnumSet.of(ExitCode.THRESHOLD_FAILED, ExitCode.RATE_SHORTFALL, ExitCode.INTERRUPTED),
            "kbench consume", EnumSet.of(ExitCode.THRESHOLD_FAILED, ExitCode.INTERRUPTED),
            "kbench sweep", EnumSet.of(ExitCode.THRESHOLD_FAILED, ExitCode.INTEGRITY_VIOLATION, ExitCode.INTERRUPTED),
            "kbench find-max", EnumSet.of(ExitCode.THRESHOLD_FAILED, ExitCode.INTERRUPTED),
            "kbench compare", EnumSet.of(ExitCode.THRESHOLD_FAILED, ExitCode.REGRESSION),
            "kbench worker", EnumSet.of(ExitCode.INTERRUPTED));

    private HelpExitCodes() {
    }

    /** The codes {@code qualifiedName} ({@code kbench}, {@code kbench cluster start}) can return, in code order. */
    static Set<ExitCode> of(String qualifiedName) {
        if (qualifiedName.equals("kbench")) {
            return EnumSet.allOf(ExitCode.class);
        }
        Set<ExitCode> codes = EnumSet.copyOf(EVERY);
        codes.addAll(MORE.getOrDefault(qualifiedName, Set.of()));
        return codes;
    }

    /** The qualified names with codes beyond the common three (the test checks each names a command). */
    static Set<String> named() {
        return MORE.keySet();
    }

    /** Lists the exit codes in the help of {@code cli} and of every command below it. */
    static void apply(CommandLine cli) {
        Map<String, String> list = new LinkedHashMap<>();
        for (ExitCode code : of(cli.getCommandSpec().qualifiedName())) {
            // Right-aligned to the widest code (130), as picocli prints keys as given.
            list.put(String.format(Locale.ROOT, "%3d", code.code()), code.name() + ": " + code.meaning());
        }
        cli.getCommandSpec().usageMessage().exitCodeListHeading("Exit codes (docs/exit-codes.md):%n").exitCodeList(list);
        cli.getSubcommands().values().stream().distinct().forEach(HelpExitCodes::apply);
    }
}
