package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Property names kbench passes to Kafka without checking them: a plugin's own keys (an interceptor's, a serializer's, a
 * metrics reporter's), which no {@link org.apache.kafka.common.config.ConfigDef} of Kafka's lists. Each entry is an exact
 * name, or a prefix ending in {@code .} that covers every name below it ({@code myplugin.}).
 *
 * @param names  the entries, as given
 * @param source where they were given, named in errors and in the hint of a refused name: {@code uncheckedProperties}
 *               (the workload's field) or {@code --unchecked-property} (the flag)
 */
public record UncheckedProperties(List<String> names, String source) {
    /** A property name as Kafka spells them, or a prefix of one ending in a dot. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*\\.?");
    /** The workload field. */
    public static final String FIELD = "uncheckedProperties";
    /** The command-line flag. */
    public static final String FLAG = "--unchecked-property";

    public UncheckedProperties {
        names = names == null ? List.of() : List.copyOf(names);
        for (String n : names) {
            if (n == null || !NAME.matcher(n).matches()) {
                throw InvalidInputException.field(source, n == null ? "nothing" : "'" + n + "'",
                        "must be a property name (my.plugin.key) or a prefix ending in a dot (myplugin.)");
            }
        }
    }

    /** None: every name is checked. */
    public static UncheckedProperties none(String source) {
        return new UncheckedProperties(List.of(), source);
    }

    /**
     * These names, then those of {@code more} not among them, in order: a workload's list with the names of
     * {@code --unchecked-property} added (run, sweep and find-max record them in the workload they run).
     */
    public List<String> plus(List<String> more) {
        Set<String> all = new LinkedHashSet<>(names);
        all.addAll(more);
        return List.copyOf(all);
    }

    /** Whether {@code key} is listed, or lies under a listed prefix. */
    public boolean covers(String key) {
        return names.stream().anyMatch(n -> n.endsWith(".") ? key.startsWith(n) : key.equals(n));
    }

    /** What to do with a plugin's own key: how this source lists it. */
    String howToList(String key) {
        return source.equals(FLAG) ? "pass " + FLAG + " " + key : "list it in " + FIELD;
    }

    /**
     * Each entry must name something Kafka does not check: a name Kafka defines would skip the check that catches its
     * typos, and a prefix such as {@code ssl.} would hide Kafka's own names below it.
     */
    void checkNotKafkas() {
        for (String n : names) {
            for (PropertyKind kind : PropertyKind.values()) {
                if (!kind.definedHere()) {
                    continue;
                }
                String hidden = kind.names().stream().filter(k -> n.endsWith(".") ? k.startsWith(n) : k.equals(n))
                        .findFirst().orElse(null);
                if (hidden != null) {
                    throw InvalidInputException.field(source, n, (n.endsWith(".") ? "covers " + hidden + ", which is" : "is")
                            + " a Kafka " + kind.words() + " that Kafka checks itself; list only a plugin's own names");
                }
            }
        }
    }
}
