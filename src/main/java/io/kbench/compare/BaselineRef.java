package io.kbench.compare;

import io.kbench.catalog.CatalogQuery;
import io.kbench.catalog.EntryKind;
import io.kbench.error.InvalidInputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code --baseline REF}: a catalog query written as comma-separated {@code key=value} pairs, e.g.
 * {@code workload=quickstart,last=10,host=ci-runner-3}. Keys: workload, last, host, shape, since, until, and
 * {@code tag.NAME} for a --tag label.
 */
public final class BaselineRef {
    private static final int MAX_LENGTH = 1024;

    private BaselineRef() {
    }

    public static CatalogQuery parse(String ref) {
        if (ref == null || ref.isBlank() || ref.length() > MAX_LENGTH) {
            throw InvalidInputException.field("--baseline", ref, "expected key=value pairs such as workload=NAME,last=10");
        }
        String workload = null;
        String host = null;
        String shape = null;
        Instant since = null;
        Instant until = null;
        int last = 0;
        Map<String, String> tags = new LinkedHashMap<>();
        for (String pair : ref.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw InvalidInputException.field("--baseline", pair, "expected key=value");
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            switch (key) {
                case "workload" -> workload = value;
                case "host" -> host = value;
                case "shape" -> shape = value;
                case "since" -> since = instant(key, value);
                case "until" -> until = instant(key, value);
                case "last" -> last = count(value);
                default -> {
                    if (!key.startsWith("tag.") || key.length() == 4) {
                        throw InvalidInputException.field("--baseline: " + key, pair,
                                "expected workload, last, host, shape, since, until or tag.NAME");
                    }
                    tags.put(key.substring(4), value);
                }
            }
        }
        return new CatalogQuery(EntryKind.RUN, workload, tags, shape, host, since, until, last);
    }

    private static int count(String value) {
        try {
            int n = Integer.parseInt(value);
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw InvalidInputException.field("--baseline: last", value, "expected a whole number >= 1");
        }
    }

    private static Instant instant(String key, String value) {
        return instant("--baseline: " + key, value, true);
    }

    /** A date (midnight UTC, e.g. 2026-11-01) or an ISO instant; anything else is an input error naming {@code option}. */
    public static Instant instant(String option, String text, boolean required) {
        if (text == null && !required) {
            return null;
        }
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(text);
        } catch (DateTimeParseException | NullPointerException e) {
            throw InvalidInputException.field(option, text, "expected a date like 2026-11-01 or an instant like 2026-11-01T12:00:00Z");
        }
    }
}
