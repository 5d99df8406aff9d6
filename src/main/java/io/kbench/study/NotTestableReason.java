package io.kbench.study;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** Why a claim cannot be tested on the machine kbench runs on. */
public enum NotTestableReason {
    /** It compares CPUs, instance types, NICs, SSDs or other hardware this machine does not have. */
    HARDWARE,
    /** It needs more hosts (or CPUs) than this machine has, e.g. scaling from 4 to 16 vCPUs. */
    HOST_COUNT,
    /** It needs a vendor's library or JVM kbench does not ship (Intel ISA-L, IPP, QAT; Azul Prime). */
    VENDOR_LIBRARY,
    /** It needs data or memory sizes beyond this machine (a page cache smaller than hundreds of GB written). */
    SCALE,
    /** It is about a software version kbench's Kafka cannot run (JDK 8, a defect of Kafka 2.7, a tool's flag). */
    VERSION;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static NotTestableReason of(String text) {
        return LowercaseEnum.parse(NotTestableReason.class, text, "not-testable reason");
    }
}
