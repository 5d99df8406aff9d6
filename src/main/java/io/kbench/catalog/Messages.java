package io.kbench.catalog;

import io.kbench.result.io.Redactor;

/** A database error as one short line: the first line of the innermost message, never a stack trace. */
final class Messages {
    private static final int MAX = 200;

    private Messages() {
    }

    static String oneLine(Throwable e) {
        Throwable t = e;
        String message = null;
        while (t != null) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        String line = message.lines().map(String::trim).filter(l -> !l.isEmpty()).findFirst().orElse(message).trim();
        // A JDBC message may quote the URL it was given: the project's one redaction rule keeps secrets out of it.
        line = Redactor.redactCommand(line);
        return line.length() > MAX ? line.substring(0, MAX) + "..." : line;
    }
}
