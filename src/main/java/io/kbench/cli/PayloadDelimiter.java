package io.kbench.cli;

import io.kbench.error.InvalidInputException;

/**
 * kafka-producer-perf-test's --payload-delimiter as the literal text kbench splits on. The stock tool hands it to
 * {@code java.util.Scanner.useDelimiter}, a Java regular expression (its default is the two characters {@code \n},
 * the regex of a newline). kbench splits a payload file on literal text (producers.payload.delimiter), so a delimiter
 * that is a literal in regex terms is translated: plain characters stay, the escapes {@code \n \t \r \f \e \\} and a
 * backslash before a regex metacharacter become that character. Other regex syntax ({@code |}, {@code .}, classes,
 * quantifiers) would split differently from the stock tool and is refused with that reason.
 */
final class PayloadDelimiter {
    private static final String FLAG = "--payload-delimiter";
    /** Characters with a meaning of their own in a Java regex. */
    private static final String META = "\\^$.|?*+()[]{}";

    private PayloadDelimiter() {
    }

    /** The literal text {@code regex} matches; an input error when it is not literal text. */
    static String literal(String regex) {
        if (regex.isEmpty()) {
            throw InvalidInputException.field(FLAG, "''", "must not be empty");
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c != '\\') {
                if (META.indexOf(c) >= 0) {
                    throw notLiteral(regex, "'" + c + "' is regex syntax");
                }
                text.append(c);
                continue;
            }
            if (i + 1 == regex.length()) {
                throw notLiteral(regex, "it ends in a lone backslash");
            }
            char e = regex.charAt(++i);
            switch (e) {
                case 'n' -> text.append('\n');
                case 't' -> text.append('\t');
                case 'r' -> text.append('\r');
                case 'f' -> text.append('\f');
                case 'e' -> text.append('\u001b');
                default -> {
                    if (META.indexOf(e) < 0) {
                        throw notLiteral(regex, "'\\" + e + "' is a regex class or escape");
                    }
                    text.append(e);
                }
            }
        }
        return text.toString();
    }

    private static InvalidInputException notLiteral(String regex, String why) {
        return new InvalidInputException(FLAG + ": '" + regex + "' is not literal text (" + why + "):"
                + " kafka-producer-perf-test splits on a Java regex and kbench on literal text, so only a literal"
                + " delimiter means the same in both; escape regex characters with a backslash (e.g. '\\|')");
    }
}
