package io.kbench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command-line forms the stock perf tools take that picocli does not, turned into kbench's before picocli parses,
 * so that a command line kafka-producer-perf-test or kafka-consumer-perf-test accepts is never refused by the drop-in
 * (issue 42; PerfToolConformanceTest runs the stock parsers beside kbench's on the same lines):
 * <ul>
 * <li>kafka-producer-perf-test parses with argparse4j, which takes any unambiguous prefix of an option name
 * ({@code --num 1000}, {@code --through=-1}), as Python's argparse does;</li>
 * <li>kafka-consumer-perf-test parses with jopt-simple, which takes a long option after a single dash too
 * ({@code -topic t}), but no prefix (Kafka turns jopt's abbreviations off);</li>
 * <li>argparse4j takes an option given twice, the last value winning, and both take a flag given twice; kbench's
 * drop-ins take any option twice that way.</li>
 * </ul>
 * Only the stock tools' own names are expanded: kbench's own options are spelled out, as in every other command.
 */
final class StockSpelling {
    /** kafka-producer-perf-test's options in Kafka 4.3 (argparse4j; {@code --help} is its {@code -h}). */
    static final List<String> PRODUCER_4_3 = List.of("--bootstrap-server", "--topic", "--num-records", "--record-size",
            "--payload-file", "--payload-monotonic", "--payload-delimiter", "--throughput", "--producer-props",
            "--command-property", "--producer.config", "--command-config", "--print-metrics", "--transactional-id",
            "--transaction-duration-ms", "--warmup-records", "--reporting-interval", "--help");
    /** The options Kafka 4.4 added to kafka-producer-perf-test. */
    static final List<String> PRODUCER_4_4_ADDED = List.of("--key-distribution", "--record-key-range", "--random-seed");
    /** kafka-consumer-perf-test's options in Kafka 4.3 (jopt-simple). */
    static final List<String> CONSUMER_4_3 = List.of("--bootstrap-server", "--topic", "--include", "--group",
            "--fetch-size", "--command-property", "--from-latest", "--socket-buffer-size", "--consumer.config",
            "--command-config", "--print-metrics", "--show-detailed-stats", "--timeout", "--messages", "--num-records",
            "--reporting-interval", "--date-format", "--hide-header", "--help", "--version");

    private StockSpelling() {
    }

    /** Lets the drop-ins take an option twice, the last value winning, as the stock producer does. */
    static void configure(CommandLine cli) {
        for (String name : List.of("produce", "consume")) {
            CommandLine sub = cli.getSubcommands().get(name);
            if (sub != null) {
                sub.setOverwrittenOptionsAllowed(true);
            }
        }
    }

    /**
     * {@code args} with the stock tools' spellings written as kbench's: unchanged unless the first argument names a
     * drop-in of {@code cli}.
     */
    static String[] rewrite(CommandLine cli, String[] args) {
        CommandLine sub = args.length < 2 ? null : cli.getSubcommands().get(args[0]);
        if (sub == null) {
            return args;
        }
        CommandSpec spec = sub.getCommandSpec();
        String[] out = args.clone();
        switch (args[0]) {
            case "produce" -> {
                for (int i = 1; i < out.length; i++) {
                    out[i] = producerSpelling(spec, out[i]);
                }
            }
            case "consume" -> {
                for (int i = 1; i < out.length; i++) {
                    // A token right after an option that needs a value is that value, whatever it looks like.
                    if (!takesValue(spec, out[i - 1])) {
                        out[i] = consumerSpelling(spec, out[i]);
                    }
                }
            }
            default -> {
                return args;
            }
        }
        return out;
    }

    /** An argparse4j prefix of one stock producer option as its full name; anything else unchanged. */
    static String producerSpelling(CommandSpec spec, String token) {
        if (!token.startsWith("--") || token.length() < 3 || !Character.isLetter(token.charAt(2))) {
            return token;
        }
        int eq = token.indexOf('=');
        String name = eq < 0 ? token : token.substring(0, eq);
        if (spec.optionsMap().containsKey(name)) {
            return token;
        }
        List<String> all = new ArrayList<>(PRODUCER_4_3);
        all.addAll(PRODUCER_4_4_ADDED);
        // Unique among Kafka 4.4's names, else among 4.3's: "--record" was 4.3's --record-size and is ambiguous in 4.4.
        String full = unique(all, name);
        if (full == null) {
            full = unique(PRODUCER_4_3, name);
        }
        return full == null ? token : full + (eq < 0 ? "" : token.substring(eq));
    }

    /** A stock consumer option after one dash ({@code -topic}, {@code -topic=t}) with two; anything else unchanged. */
    static String consumerSpelling(CommandSpec spec, String token) {
        if (token.length() < 3 || token.charAt(0) != '-' || !Character.isLetter(token.charAt(1))) {
            return token;
        }
        int eq = token.indexOf('=');
        String name = eq < 0 ? token : token.substring(0, eq);
        if (spec.optionsMap().containsKey(name) || !CONSUMER_4_3.contains("-" + name)) {
            return token;
        }
        return "-" + token;
    }

    private static String unique(List<String> names, String prefix) {
        List<String> matches = names.stream().filter(n -> n.startsWith(prefix)).toList();
        return matches.size() == 1 ? matches.get(0) : null;
    }

    /** Whether {@code token} is an option of {@code spec} given without its value, which must follow. */
    private static boolean takesValue(CommandSpec spec, String token) {
        if (!token.startsWith("-") || token.indexOf('=') >= 0) {
            return false;
        }
        OptionSpec option = spec.optionsMap().get(token);
        return option != null && option.arity().min() > 0;
    }
}
