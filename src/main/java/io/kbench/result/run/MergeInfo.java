package io.kbench.result.run;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How a merged result ({@code kbench merge}) was made: the runs it adds up and the time they all measured together.
 * Written as {@code merge} in result.json; absent in every other result.
 *
 * @param inputs       each merged run, in the order given, with its own figures (the per-input breakdown)
 * @param commonStart  start of the time every input was measuring (the latest measured-window start)
 * @param commonEnd    end of that time (the earliest measured-window end)
 * @param commonSec    its length, seconds
 * @param intervalAlignment how the inputs' report intervals were put on the merged time axis, in words
 */
public record MergeInfo(List<MergedInput> inputs, Instant commonStart, Instant commonEnd, double commonSec,
                        String intervalAlignment) {
    public MergeInfo {
        Objects.requireNonNull(inputs, "inputs");
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("a merge has at least 2 inputs (got " + inputs.size() + ")");
        }
        inputs = List.copyOf(inputs);
        Objects.requireNonNull(commonStart, "commonStart");
        Objects.requireNonNull(commonEnd, "commonEnd");
        if (commonEnd.isBefore(commonStart)) {
            throw new IllegalArgumentException("commonEnd " + commonEnd + " is before commonStart " + commonStart);
        }
        if (commonSec < 0) {
            throw new IllegalArgumentException("commonSec must be >= 0 (got " + commonSec + ")");
        }
    }
}
