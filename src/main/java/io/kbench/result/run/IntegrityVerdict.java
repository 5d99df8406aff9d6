package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * What a verified run's anomalies mean: none at all; only anomalies the producer and topic settings permit (the
 * documented consequence of, say, {@code acks=1}); inconclusive: part of the topic could not be read back, so records
 * not found may still be there (and no found anomaly breaks a guarantee); or at least one that breaks a guarantee those
 * settings give. Ordered from best to worst.
 */
public enum IntegrityVerdict {
    OK, EXPECTED, INCONCLUSIVE, VIOLATION;

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
