package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How share consumers acknowledge records (the share consumer property {@code share.acknowledgement.mode}). */
public enum ShareAcknowledgement {
    /** Every delivered record is accepted when the consumer commits or polls again. */
    @JsonProperty("implicit") IMPLICIT,
    /** kbench acknowledges each record as ACCEPT, RELEASE or REJECT by the configured fractions. */
    @JsonProperty("explicit") EXPLICIT;

    /** The value of the share consumer property {@code share.acknowledgement.mode}. */
    public String property() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
