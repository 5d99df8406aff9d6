package io.kbench.cli;

import io.kbench.format.DidYouMean;
import io.kbench.format.ExpectedForms;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * picocli's parse errors as kbench's one line: {@code --brokers: expected a whole number (got two)}. picocli's own
 * conversion messages name Java types ("'two' is not an int") and other converters' exceptions name Java classes, so
 * a value that did not convert is described by the option's type in {@link ExpectedForms}' words.
 */
final class ParameterErrors {
    /** picocli's built-in converters say "'x' is not an int"; kbench's converters say what is accepted. */
    private static final Pattern BUILT_IN = Pattern.compile("'.*' is not an? \\w+");
    private static final Pattern JAVA = Pattern.compile("java\\.|io\\.kbench|Exception|\\$");

    private ParameterErrors() {
    }

    /** For a repeatable KEY=VALUE or list option, what one value must be. */
    private static String expected(ArgSpec arg) {
        Class<?>[] parts = arg.auxiliaryTypes();
        if (Map.class.isAssignableFrom(arg.type()) && parts.length == 2) {
            return "KEY=VALUE where VALUE is " + ExpectedForms.of(parts[1]);
        }
        if (Collection.class.isAssignableFrom(arg.type()) && parts.length == 1) {
            return ExpectedForms.of(parts[0]);
        }
        return ExpectedForms.of(arg.type());
    }

    static String describe(ParameterException e) {
        ArgSpec arg = e.getArgSpec();
        String value = e.getValue();
        if (arg != null && value != null && e.getCause() != null) {
            String name = arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel();
            if (e.getCause() instanceof TypeConversionException t && t.getMessage() != null
                    && !BUILT_IN.matcher(t.getMessage()).matches() && !JAVA.matcher(t.getMessage()).find()) {
                return name + ": " + t.getMessage() + " (got " + value + ")";
            }
            return name + ": expected " + expected(arg) + " (got " + value + ")";
        }
        String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        // picocli's other messages (unknown option, missing parameter) name the option already
        String line = JAVA.matcher(first).find() ? "invalid command line: " + (value == null ? "" : value) : first;
        return e instanceof UnmatchedArgumentException u ? line + suggestion(u) : line;
    }

    /**
     * "; did you mean --bootstrap-server?" for an unknown option, "; did you mean run?" for an unknown command: the
     * nearest of the command's visible option or subcommand names ({@link DidYouMean}), or nothing when none is close.
     */
    private static String suggestion(UnmatchedArgumentException e) {
        if (e.getUnmatched().isEmpty() || e.getCommandLine() == null) {
            return "";
        }
        String typed = e.getUnmatched().get(0);
        CommandLine command = e.getCommandLine();
        if (typed.startsWith("-")) {
            int eq = typed.indexOf('=');
            List<String> options = command.getCommandSpec().options().stream().filter(o -> !o.hidden())
                    .flatMap(o -> Arrays.stream(o.names())).toList();
            return DidYouMean.hint(eq > 0 ? typed.substring(0, eq) : typed, options);
        }
        List<String> commands = command.getSubcommands().entrySet().stream()
                .filter(c -> !c.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey).toList();
        return DidYouMean.hint(typed, commands);
    }
}
