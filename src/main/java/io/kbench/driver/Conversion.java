package io.kbench.driver;

import java.util.Locale;

/**
 * How a Kafka property's value becomes a driver's: most pass as they are; a few differ in unit or spelling, and the
 * credentials and PEM material of kbench's connection are unpacked from the Java client's forms.
 */
public enum Conversion {
    /** The value as given. */
    SAME("as given"),
    /** Bytes to kibibytes, rounded up (librdkafka counts its buffer in KiB: {@code queue.buffering.max.kbytes}). */
    BYTES_TO_KIBIBYTES("bytes / 1024, rounded up"),
    /** Lower case (librdkafka spells {@code security.protocol} {@code sasl_ssl}). */
    LOWER_CASE("lower case"),
    /** An empty value (the Java client's "no host name check") is librdkafka's {@code none}. */
    EMPTY_AS_NONE("empty: none"),
    /** {@code username="u" password="p"} of a PLAIN or SCRAM login module: two properties, the user and the password. */
    CREDENTIALS("user and password of the PLAIN or SCRAM login module"),
    /** PEM text read from the named file (a PEM trust store given by location). */
    PEM_FILE("the file's PEM text"),
    /** Only the value {@code PEM} is accepted, and nothing is passed: the PEM text itself travels under its own name. */
    PEM_ONLY("PEM only; not passed on");

    private final String text;

    Conversion(String text) {
        this.text = text;
    }

    /** What docs/clients.md says of it. */
    public String text() {
        return text;
    }

    /** The driver's value of a single-valued conversion; {@link #CREDENTIALS} and {@link #PEM_ONLY} are unpacked elsewhere. */
    String convert(String value) {
        return switch (this) {
            case SAME, PEM_FILE -> value;
            case BYTES_TO_KIBIBYTES -> Long.toString((Long.parseLong(value.trim()) + 1023) / 1024);
            case LOWER_CASE -> value.toLowerCase(Locale.ROOT);
            case EMPTY_AS_NONE -> value.isBlank() ? "none" : value;
            case CREDENTIALS, PEM_ONLY -> throw new IllegalStateException(this + " is not one value");
        };
    }
}
