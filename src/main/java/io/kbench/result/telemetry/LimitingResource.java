package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** What limited a run, as the diagnosis names it: written lowercase. */
public enum LimitingResource {
    LOAD_GENERATOR_CPU("load generator CPU"),
    BROKER_CPU("broker CPU"),
    REQUEST_HANDLER_THREADS("request handler threads"),
    NETWORK_THREADS("network threads"),
    DISK("disk"),
    REPLICATION("replication"),
    NONE_FOUND("nothing found");

    private final String label;

    LimitingResource(String label) {
        this.label = label;
    }

    /** How the terminal and report name it: {@code limited by: <label>}. */
    public String label() {
        return label;
    }

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static LimitingResource of(String text) {
        return LowercaseEnum.parse(LimitingResource.class, text, "limiting resource");
    }

    @Override
    public String toString() {
        return json();
    }
}
