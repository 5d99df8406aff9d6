package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The comparison of a threshold, written as its symbol ({@code <}, {@code <=}, {@code >}, {@code >=}). */
public enum Operator {
    LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    Operator(String symbol) {
        this.symbol = symbol;
    }

    @JsonValue
    public String symbol() {
        return symbol;
    }

    @JsonCreator
    public static Operator of(String symbol) {
        for (Operator o : values()) {
            if (o.symbol.equals(symbol)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown operator '" + symbol + "'; expected <, <=, > or >=");
    }

    /** Whether {@code actual} satisfies this comparison against {@code limit}. */
    public boolean holds(double actual, double limit) {
        return switch (this) {
            case LT -> actual < limit;
            case LE -> actual <= limit;
            case GT -> actual > limit;
            case GE -> actual >= limit;
        };
    }

    @Override
    public String toString() {
        return symbol;
    }
}
