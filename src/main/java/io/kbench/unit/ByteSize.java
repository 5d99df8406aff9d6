package io.kbench.unit;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as people write them in workload files: {@code 512MiB}, {@code 2GiB}, {@code 180MiB}, {@code 4096}
 * (bytes). Binary units only; {@code MB} is refused rather than guessed, because Kafka's tools mean 1,048,576
 * by it and disk vendors mean 1,000,000.
 */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)");

    private ByteSize() {
    }

    /** The size in bytes; {@code IllegalArgumentException} naming the accepted units otherwise. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("must be a size like 512MiB, 2GiB or 4096 (bytes)");
        }
        double number = Double.parseDouble(m.group(1));
        long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "", "b" -> 1L;
            case "kib" -> 1L << 10;
            case "mib" -> 1L << 20;
            case "gib" -> 1L << 30;
            case "tib" -> 1L << 40;
            default -> throw new IllegalArgumentException("unit '" + m.group(2) + "' is not one of B, KiB, MiB, GiB, TiB "
                    + "(binary units: 1 MiB = 1,048,576 bytes)");
        };
        double bytes = number * unit;
        if (bytes < 1 || bytes > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("must be between 1 byte and 4 EiB");
        }
        return Math.round(bytes);
    }
}
