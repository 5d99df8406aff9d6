package io.kbench.format;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a value of a given Java type looks like to a user, in words ("a whole number", "a duration such as 30s", "one
 * of live, backlog"), so that input errors from YAML files and command-line flags say what is accepted without naming
 * a Java class. A spec record describes itself with {@link JsonClassDescription}; others are "a mapping with keys ...".
 */
public final class ExpectedForms {
    private ExpectedForms() {
    }

    /** "a whole number" and the like; never a class name. */
    public static String of(Class<?> type) {
        if (type == null) {
            return "a different value";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class || type == BigInteger.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class
                || type == BigDecimal.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class || type == Character.class || type == char.class) {
            return "a text value";
        }
        if (type == Duration.class) {
            return "a duration such as 500ms, 30s, 5m, 2h or 7d";
        }
        if (Path.class.isAssignableFrom(type)) {
            return "a file path";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> enumName((Enum<?>) c))
                    .collect(Collectors.joining(", "));
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "a mapping of keys to values";
        }
        JsonClassDescription description = type.getAnnotation(JsonClassDescription.class);
        if (description != null) {
            return description.value();
        }
        if (type.isRecord()) {
            return "a mapping with keys " + Arrays.stream(type.getRecordComponents()).map(c -> c.getName())
                    .collect(Collectors.joining(", "));
        }
        return "a mapping of keys to values";
    }

    /** The name as written in YAML: the constant's {@code @JsonProperty}, else {@code round-robin} for ROUND_ROBIN. */
    private static String enumName(Enum<?> constant) {
        try {
            JsonProperty p = constant.getDeclaringClass().getField(constant.name()).getAnnotation(JsonProperty.class);
            if (p != null && !p.value().isEmpty()) {
                return p.value();
            }
        } catch (NoSuchFieldException e) {
            // an enum constant always has its field; fall through to the derived name
        }
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
