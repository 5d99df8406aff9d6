package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench completion}: a script bash accepts, covering every command, that completes in a real bash: a command
 * from its first letters, an option of {@code run} from its first ones, and a subcommand of {@code cluster}.
 */
class CompletionTest {
    @TempDir
    Path tmp;

    private Path script() throws Exception {
        CliRun run = CliRun.of("completion");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Path file = tmp.resolve("kbench-completion.bash");
        Files.writeString(file, run.stdout());
        return file;
    }

    @Test
    void theScriptNamesEveryCommandAndIsValidBash() throws Exception {
        Path file = script();
        String text = Files.readString(file);
        assertThat(text).contains("complete -F _complete_kbench").contains("ZSH_VERSION");
        for (String command : List.of("run", "produce", "consume", "cluster", "kafka", "plan", "find-max", "cost", "sweep",
                "compare", "report", "merge", "worker", "catalog", "history", "completion")) {
            assertThat(text).as(command).containsPattern("\\b" + command + "\\b");
        }
        assertThat(text).contains("--metrics-port").contains("--control-key-file");
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no bash");
        assertThat(bash("bash -n " + file)).as("bash -n").isEmpty();
    }

    @Test
    void bashCompletesACommandAnOptionAndASubcommand() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no bash");
        Path file = script();
        assertThat(complete(file, "kbench fin")).contains("find-max");
        assertThat(complete(file, "./kbench run --metrics-p")).contains("--metrics-port");
        assertThat(complete(file, "kbench cluster st")).contains("start", "status", "stop");
    }

    /** What bash offers for {@code line} (the cursor at its end), through the script's completion function. */
    private String complete(Path file, String line) throws Exception {
        String words = line.endsWith(" ") ? line + "''" : line;
        return bash("source " + file + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(" + words
                + "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _complete_kbench 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"");
    }

    private static String bash(String script) throws Exception {
        Process p = new ProcessBuilder("/bin/bash", "-c", script).redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("bash within 30 s").isTrue();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
