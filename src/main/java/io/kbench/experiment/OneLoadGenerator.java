package io.kbench.experiment;

import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A setting of the load generator's JVM itself (its JDK, its Kafka client release), which every point of a sweep must
 * share: the load generator of a sweep is one JVM, chosen before its first point runs.
 */
final class OneLoadGenerator {
    private OneLoadGenerator() {
    }

    /**
     * The one value of {@code field} among the points' {@code values} (null: unset in every point); refused in one line
     * naming the values when they differ, unset in some points counting as a value of its own. {@code why}: why
     * they may not differ, and what to do instead.
     */
    static String value(String field, List<String> values, String why) {
        Set<String> given = new TreeSet<>();
        values.stream().filter(Objects::nonNull).forEach(given::add);
        boolean unset = values.stream().anyMatch(Objects::isNull);
        if (given.size() > 1 || (unset && !given.isEmpty())) {
            throw InvalidInputException.field(field, unset ? given + " and unset" : given, "differs between points, but "
                    + why);
        }
        return given.isEmpty() ? null : given.iterator().next();
    }
}
