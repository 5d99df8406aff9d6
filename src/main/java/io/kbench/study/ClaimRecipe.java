package io.kbench.study;

import io.kbench.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How to test a claim on the hardware or software this machine lacks: one kbench command line (a scenario file of the
 * repository and the flags that point it at that hardware), and what it needs. The registry test runs every recipe
 * with {@code --dry-run}, so a recipe is always a command kbench accepts as written.
 *
 * @param command the command line, starting with {@code kbench}; words split on spaces, single-quoted words keep theirs
 *                (as a POSIX shell would); no shell operators, so a page can show it and a test can run it
 * @param needs   what it needs that this machine lacks (hosts, NICs, a JDK, a Kafka version), in words
 */
public record ClaimRecipe(String command, String needs) {
    /** The commands a recipe may run: the ones that measure (and accept --dry-run). */
    private static final Set<String> MEASURING = Set.of("run", "sweep", "find-max");
    private static final int MAX_LENGTH = 2_000;

    public ClaimRecipe {
        command = ClaimIds.text("recipe.command", command);
        needs = ClaimIds.text("recipe.needs", needs);
        if (command.length() > MAX_LENGTH) {
            throw InvalidInputException.field("recipe.command", command.substring(0, 60) + "...", "is longer than "
                    + MAX_LENGTH + " characters");
        }
        List<String> words = split(command);
        if (words.size() < 3 || !words.get(0).equals("kbench") || !MEASURING.contains(words.get(1))
                || !words.get(2).matches("scenarios/[\\w./-]+\\.yaml")) {
            throw InvalidInputException.field("recipe.command", command,
                    "needs 'kbench run|sweep|find-max scenarios/FILE.yaml [flags]'");
        }
        if (words.contains("--dry-run")) {
            throw InvalidInputException.field("recipe.command", command, "is the command to run: leave --dry-run out");
        }
    }

    /** The command's arguments after {@code kbench}, as a shell would pass them. */
    public List<String> arguments() {
        List<String> words = split(command);
        return words.subList(1, words.size());
    }

    /** The scenario file the recipe runs, relative to the repository root. */
    public String scenario() {
        return split(command).get(2);
    }

    /**
     * Splits on spaces; a single-quoted span is one word with its quotes removed. Anything a shell would treat as an
     * operator or an expansion outside quotes is refused, so what the page shows is exactly what runs.
     */
    private static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (char ch : text.toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
                inWord = true;
            } else if (!quoted && Character.isWhitespace(ch)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (!quoted && "\"\\$`;|&<>(){}*?!#~".indexOf(ch) >= 0) {
                throw InvalidInputException.field("recipe.command", text, "holds '" + ch
                        + "' outside single quotes: quote the word ('e2e.p99<200ms')");
            } else {
                word.append(ch);
                inWord = true;
            }
        }
        if (quoted) {
            throw InvalidInputException.field("recipe.command", text, "has an unclosed single quote");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
