package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** How one worker's share of a distributed run ended; written lowercase. */
public enum WorkerStatus {
    /** Ran its share to the end. */
    COMPLETED,
    /** Stopped early on the coordinator's request (Ctrl-C, or another worker failed). */
    INTERRUPTED,
    /** Its producers or consumers failed. */
    FAILED,
    /** Stopped heartbeating: killed, crashed or cut off; only the intervals it sent before are in the result. */
    LOST;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The status as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static WorkerStatus of(String text) {
        return LowercaseEnum.parse(WorkerStatus.class, text, "status");
    }

    @Override
    public String toString() {
        return json();
    }
}
