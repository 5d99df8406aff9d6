package io.kbench.result.run;

import io.kbench.error.Checks;
import java.util.List;
import java.util.Objects;

/**
 * One kind of anomaly a verified run found (lost, duplicated, reordered or unexpected records).
 *
 * @param count    how many records
 * @param verdict  ok (count 0), expected (the settings permit it) or violation
 * @param reason   why it is expected or a violation; absent when the count is 0
 * @param examples the first few records, in the order found
 */
public record Anomaly(long count, IntegrityVerdict verdict, String reason, List<RecordPosition> examples) {
    public Anomaly {
        Checks.atLeast("count", count, 0);
        Objects.requireNonNull(verdict, "verdict");
        examples = examples == null ? List.of() : List.copyOf(examples);
        if ((count == 0) != (verdict == IntegrityVerdict.OK)) {
            throw new IllegalArgumentException("verdict " + verdict + " does not fit count " + count);
        }
    }
}
