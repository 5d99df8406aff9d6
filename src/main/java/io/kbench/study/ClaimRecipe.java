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
 *                (as a POSIX shell would); no shell operators, so a page can show it and a test can run it. A JDK this
 *                machine lacks is the placeholder {@code <NAME-java-home>} (the user puts its directory there; the test
 *                puts the running JDK's); hosts are example names, which --dry-run never connects to
 * @param needs   what it needs that this machine lacks (hosts, NICs, a JDK, a Kafka version), in words
 */
public record ClaimRecipe(String command, String needs) {
    /** The commands a recipe may run: the ones that measure (and accept --dry-run). */
    private static final Set<String> MEASURING = Set.of("run", "sweep", "find-max");
    private static final int MAX_LENGTH = 2_000;
    /** A JDK directory the user supplies: the only placeholder, since --dry-run checks that a JDK exists. */
    private static final java.util.regex.Pattern JAVA_HOME = java.util.regex.Pattern.compile("<[a-z0-9]+(-[a-z0-9]+)*-java-home>");

    public ClaimRecipe {
        command = ClaimIds.text("recipe.command", command);
        needs = ClaimIds.text("recipe.needs", needs);
        if (command.length() > MAX_LENGTH) {
            throw InvalidInputException.field("recipe.command", command.substring(0, 60) + "...", "is longer than "
                    + MAX_LENGTH + " characters");
        }
        List<String> words = split(JAVA_HOME.matcher(command).replaceAll("JDK"));
        if (words.size() < 3 || !words.get(0).equals("kbench") || !MEASURING.contains(words.get(1))
                || !words.get(2).matches("scenarios/[\\w./-]+\\.yaml")) {
            throw InvalidInputException.field("recipe.command", command,
                    "needs 'kbench run|sweep|find-max scenarios/FILE.yaml [flags]'");
        }
        if (words.contains("--dry-run")) {
            throw InvalidInputException.field("recipe.command", command, "is the command to run: leave --dry-run out");
        }
    }

    /** The command's arguments after {@code kbench}, with every JDK placeholder replaced by {@code javaHome}. */
    public List<String> arguments(String javaHome) {
        List<String> words = split(JAVA_HOME.matcher(command).replaceAll(java.util.regex.Matcher.quoteReplacement(javaHome)));
        return words.subList(1, words.size());
    }

    /** The JDK placeholders the command holds, in order (e.g. {@code <prime-java-home>}). */
    public List<String> javaHomes() {
        return JAVA_HOME.matcher(command).results().map(java.util.regex.MatchResult::group).toList();
    }

    /** The scenario file the recipe runs, relative to the repository root. */
    public String scenario() {
        return split(JAVA_HOME.matcher(command).replaceAll("JDK")).get(2);
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
