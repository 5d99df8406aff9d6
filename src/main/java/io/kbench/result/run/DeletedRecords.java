package io.kbench.result.run;

import io.kbench.error.Checks;
import java.util.List;

/**
 * Acknowledged records a verified run did not find because the log no longer starts below them: retention or
 * DeleteRecords removed them during the run. Not an anomaly: Kafka promises to keep a record only until its log
 * deletes it.
 *
 * @param count    how many records (at least 1: the section is absent otherwise)
 * @param examples the first few, where each was acknowledged
 */
public record DeletedRecords(long count, List<RecordPosition> examples) {
    public DeletedRecords {
        Checks.atLeast("count", count, 1);
        examples = examples == null ? List.of() : List.copyOf(examples);
    }
}
