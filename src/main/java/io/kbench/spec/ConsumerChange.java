package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;

/**
 * One change of the consumer group on the run's clock ({@code consumers.changes}): consumers join or leave, and the
 * group rebalances.
 *
 * @param at     when, from the start of the run
 * @param add    consumers that join (exactly one of add and remove)
 * @param remove consumers that leave, the most recently started first
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerChange(Duration at, Integer add, Integer remove) {
    public ConsumerChange {
        if (at == null) {
            throw new ElementFieldException("at", "nothing", "must say when, e.g. at: 20s");
        }
        if (at.isNegative() || at.isZero()) {
            throw new ElementFieldException("at", at, "must be > 0");
        }
        if ((add == null) == (remove == null)) {
            throw new ElementFieldException(add == null ? "add" : "remove", add == null ? "nothing" : add + " and remove " + remove,
                    "each change either adds or removes consumers (exactly one of add, remove)");
        }
        if (add != null && (add < 1 || add > 1024)) {
            throw new ElementFieldException("add", add, "must be between 1 and 1024");
        }
        if (remove != null && remove < 1) {
            throw new ElementFieldException("remove", remove, "must be >= 1");
        }
    }

    /** The change in the number of consumers: +add or -remove. */
    public int delta() {
        return add != null ? add : -remove;
    }
}
