package io.kbench.format;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Closed sets that kbench's JSON spells in lowercase ({@code completed}, {@code warmup}, {@code bracket}): one strict
 * reading for all of them, so a value in another case or an unknown one is refused with the allowed values named.
 */
public final class LowercaseEnum {
    private LowercaseEnum() {
    }

    /** How {@code value} is written in JSON. */
    public static String json(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** The constant of {@code type} written as {@code text}; {@code what} names the set in the error. */
    public static <E extends Enum<E>> E parse(Class<E> type, String text, String what) {
        for (E e : type.getEnumConstants()) {
            if (json(e).equals(text)) {
                return e;
            }
        }
        String allowed = Arrays.stream(type.getEnumConstants()).map(LowercaseEnum::json).collect(Collectors.joining(", "));
        throw new IllegalArgumentException("unknown " + what + " '" + text + "'; expected one of " + allowed);
    }
}
