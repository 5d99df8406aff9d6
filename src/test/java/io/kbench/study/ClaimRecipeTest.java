package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cli.CliRun;
import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every claim the registries file as NOT TESTABLE HERE carries a recipe, and every recipe is a command kbench accepts
 * as written: run with {@code --dry-run}, it validates the scenario and its flags and exits 0 without starting
 * anything.
 */
class ClaimRecipeTest {
    private static final Path ROOT = Path.of("");

    @Test
    void everyClaimNotTestableHereHasARecipe() {
        List<String> missing = new ArrayList<>();
        for (StudyClaims s : ClaimRegistry.readAll(ROOT)) {
            s.claims().stream().filter(c -> c.notTestableHere() != null && c.notTestableHere().recipe() == null)
                    .forEach(c -> missing.add(s.study() + " " + c.id()));
        }
        assertThat(missing).as("NOT TESTABLE HERE claims without a recipe").isEmpty();
    }

    /**
     * A tested claim whose verdict is NOT TESTABLE HERE (a condition it needs measured absent in the runs) carries a
     * recipe too: every such row of the generated claims page shows one.
     */
    @Test
    void everyRowNotTestableHereOnTheClaimsPageShowsARecipe() throws java.io.IOException {
        List<String> without = Files.readAllLines(ROOT.resolve("docs/studies/claims.md")).stream()
                .filter(l -> l.contains("| **NOT TESTABLE HERE** |") && !l.contains("**Test it where it can be**"))
                .map(l -> l.substring(0, Math.min(80, l.length()))).toList();
        assertThat(without).as("NOT TESTABLE HERE rows of docs/studies/claims.md without a recipe").isEmpty();
    }

    @Test
    void everyRecipePassesDryRun(@TempDir Path results) {
        Map<String, String> commands = new LinkedHashMap<>();
        for (StudyClaims s : ClaimRegistry.readAll(ROOT)) {
            for (Claim c : s.claims()) {
                if (c.notTestableHere() != null && c.notTestableHere().recipe() != null) {
                    commands.putIfAbsent(c.notTestableHere().recipe().command(), s.study() + " " + c.id());
                }
                if (c.recipe() != null) {
                    commands.putIfAbsent(c.recipe().command(), s.study() + " " + c.id());
                }
            }
        }
        List<String> failed = new ArrayList<>();
        commands.forEach((command, claim) -> {
            ClaimRecipe recipe = new ClaimRecipe(command, "x");
            if (!Files.isRegularFile(ROOT.resolve(recipe.scenario()))) {
                failed.add(claim + ": " + recipe.scenario() + " does not exist");
                return;
            }
            List<String> args = new ArrayList<>(recipe.arguments(System.getProperty("java.home")));
            args.add("--dry-run");
            CliRun run = CliRun.leavingNothing(results, args.toArray(String[]::new));
            if (run.exitCode() != 0) {
                failed.add(claim + ": exit " + run.exitCode() + ": " + run.stderr().strip());
            }
        });
        assertThat(failed).as("recipes that kbench refuses").isEmpty();
    }

    @Test
    void aRecipeIsOneKbenchCommandWithoutShellOperators() {
        ClaimRecipe ok = new ClaimRecipe("kbench find-max scenarios/s4-find-max.yaml --sla 'e2e.p99<200ms'", "3 hosts");
        assertThat(ok.arguments("/jdk")).containsExactly("find-max", "scenarios/s4-find-max.yaml", "--sla", "e2e.p99<200ms");
        assertThat(ok.scenario()).isEqualTo("scenarios/s4-find-max.yaml");
        ClaimRecipe prime = new ClaimRecipe("kbench find-max scenarios/s4-find-max.yaml --broker-java-home <prime-java-home>", "Prime");
        assertThat(prime.javaHomes()).containsExactly("<prime-java-home>");
        assertThat(prime.arguments("/opt/jdk")).containsExactly("find-max", "scenarios/s4-find-max.yaml", "--broker-java-home", "/opt/jdk");
        assertThatThrownBy(() -> new ClaimRecipe("kbench run scenarios/a.yaml --broker-java-home <prime>", "x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'<'");
        assertThatThrownBy(() -> new ClaimRecipe("kbench run scenarios/a.yaml; rm -rf /", "x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("recipe.command").hasMessageContaining("';'");
        assertThatThrownBy(() -> new ClaimRecipe("kbench plan scenarios/plan/a.yaml", "x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("kbench run|sweep|find-max");
        assertThatThrownBy(() -> new ClaimRecipe("kbench run scenarios/a.yaml --sla 'e2e.p99<1ms", "x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("unclosed single quote");
        assertThatThrownBy(() -> new ClaimRecipe("kbench run scenarios/a.yaml --dry-run", "x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("leave --dry-run out");
        assertThatThrownBy(() -> new ClaimRecipe("kbench run scenarios/a.yaml", " "))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("recipe.needs");
    }
}
