package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the time of a record went, per interval and over the measured window (docs/diagnosis.md#latency-anatomy).
 *
 * @param method   how the parts were composed, so a reader can judge them
 * @param parts    each part on the run's interval axis (publish parts first, in the order they happen)
 * @param measured each part over the measured intervals
 * @param headline one line naming the dominant publish part, e.g. "publish mean 20 ms (p99 62 ms): 71% waiting for
 *                 replicas"; absent when the parts could not be composed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Anatomy(String method, List<AnatomyPart> parts, List<PartShare> measured, String headline) {
    public Anatomy {
        Objects.requireNonNull(method, "method");
        parts = List.copyOf(parts);
        measured = List.copyOf(measured);
    }

    /** The publish part with the largest share over the measured window, if any. */
    @JsonIgnore
    public Optional<PartShare> dominant() {
        return measured.stream().filter(s -> s.share() != null).max(Comparator.comparingDouble(PartShare::share));
    }

    /** This part's figure over the measured window, if it has one. */
    public Optional<PartShare> measured(LatencyPart part) {
        return measured.stream().filter(s -> s.part() == part).findFirst();
    }
}
