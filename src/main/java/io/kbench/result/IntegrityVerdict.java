package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * What a verified run's anomalies mean: none at all; only anomalies the producer and topic settings permit (the
 * documented consequence of, say, {@code acks=1}); or at least one that breaks a guarantee those settings give.
 */
public enum IntegrityVerdict {
    OK, EXPECTED, VIOLATION;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static IntegrityVerdict of(String text) {
        return LowercaseEnum.parse(IntegrityVerdict.class, text, "integrity verdict");
    }

    @Override
    public String toString() {
        return json();
    }
}
