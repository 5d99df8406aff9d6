package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Payload encryption algorithms: AES in Galois/Counter Mode (authenticated), from the JDK's javax.crypto. */
public enum EncryptionAlgorithm {
    @JsonProperty("AES-GCM") AES_GCM;

    /** The JSON spelling, so that an error listing the allowed values shows what to write. */
    @Override
    public String toString() {
        return "AES-GCM";
    }
}
