package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import java.util.Arrays;

/** What a catalog entry stands for. */
public enum EntryKind {
    /** One measured run: a single run, a sweep repetition or a find-max probe (each wrote its result.json). */
    RUN("run"),
    /** A sweep point's median over its repetitions, from a sweep.json whose repetition files are not at hand. */
    SWEEP_POINT("sweep-point"),
    /** A find-max answer: the highest sustained rate, records/s. */
    FIND_MAX("find-max");

    private final String text;

    EntryKind(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public static EntryKind of(String text) {
        return Arrays.stream(values()).filter(k -> k.text.equals(text)).findFirst()
                .orElseThrow(() -> InvalidInputException.field("--kind", text, "expected run, sweep-point or find-max"));
    }

    @Override
    public String toString() {
        return text;
    }
}
