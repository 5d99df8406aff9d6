package io.kbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Takes a run of {@code KEY=VALUE} arguments for one occurrence of a properties option, as the stock perf tools'
 * argparse4j {@code nargs("+")} does: {@code --command-property linger.ms=10 batch.size=32768} (the advice in
 * kafka-producer-perf-test's own help). The first value is always taken unless it starts with {@code -} (the next
 * option), so a malformed one is reported by the option's own check; after it the run ends at the first argument that
 * is not {@code KEY=VALUE} or that starts with {@code -}, so {@code kbench run --command-property a=b FILE.yaml} still
 * leaves the workload file to {@code run}.
 * The option stays repeatable: every occurrence adds to the same list.
 */
final class KeyValueRun implements IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        String name = argSpec instanceof OptionSpec o ? o.longestName() : argSpec.paramLabel();
        // A property name never starts with '-': what does is the next option, so this one has no value.
        if (args.isEmpty() || args.peek().startsWith("-")) {
            throw new ParameterException(commandSpec.commandLine(),
                    "Missing required parameter for option '" + name + "' (" + argSpec.paramLabel() + ")", argSpec, null);
        }
        List<String> values = new ArrayList<>();
        List<String> current = argSpec.getValue();
        if (current != null) {
            values.addAll(current);
        }
        values.add(args.pop());
        while (!args.isEmpty() && isPair(args.peek())) {
            values.add(args.pop());
        }
        argSpec.setValue(values);
    }

    /** Whether {@code arg} continues a run: {@code KEY=VALUE} with a key, not an option. */
    static boolean isPair(String arg) {
        return !arg.startsWith("-") && arg.indexOf('=') > 0;
    }
}
