package io.kbench.unit;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one parser of byte sizes kbench reads from users: a plain number of bytes ({@code 4096}), or a number with a
 * binary unit written the Kubernetes way ({@code 64Ki}, {@code 512Mi}, {@code 2Gi}) or the IEC way ({@code 512KiB},
 * {@code 180MiB}, {@code 2 GiB}), as workload files and flags write them. Decimal units ({@code K}, {@code M},
 * {@code MB}, {@code 1G}) are refused rather than guessed, because Kafka's tools mean 1,048,576 by MB, disk vendors and
 * Kubernetes mean 1,000,000, and the JVM's {@code m} is binary again.
 */
public final class ByteSize {
    /** What the error messages and docs say is accepted. */
    public static final String FORMS = "a size in bytes like 4096, or with a binary unit: 64Ki, 512Mi, 2Gi, 1Ti"
            + " (or KiB, MiB, GiB, TiB; 1 Mi = 1,048,576 bytes)";
    private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)");
    /**
     * Every form {@link #parse} accepts, units included (as {@link #unit} lists them, in any case), for the input
     * schemas that editors check workload files with; parse itself matches loosely so that a wrong unit is named.
     */
    public static final String SCHEMA_REGEX = "^\\s*[0-9]+(\\.[0-9]+)?\\s*([bB]|[kKmMgGtT][iI][bB]?)?\\s*$";

    private ByteSize() {
    }

    /** The size in bytes (a fraction rounded: 1.5Ki is 1536), at least 1; {@code IllegalArgumentException} naming the accepted forms otherwise. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("must be " + FORMS);
        }
        double bytes = Double.parseDouble(m.group(1)) * unit(m.group(2));
        if (bytes < 1 || bytes > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("must be between 1 byte and 4 EiB");
        }
        return Math.round(bytes);
    }

    /** As {@link #parse}, for sizes that must fit an {@code int} (record and batch sizes). */
    public static int parseInt(String text) {
        long bytes = parse(text);
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("must be at most " + Integer.MAX_VALUE + " bytes (2Gi - 1)");
        }
        return (int) bytes;
    }

    private static long unit(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "", "b" -> 1L;
            case "ki", "kib" -> 1L << 10;
            case "mi", "mib" -> (long) Units.BYTES_PER_MIB;
            case "gi", "gib" -> 1L << 30;
            case "ti", "tib" -> 1L << 40;
            default -> throw new IllegalArgumentException("unit '" + unit + "' is not one of the binary units; must be " + FORMS);
        };
    }
}
