package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import java.util.Locale;
import java.util.Objects;

/**
 * What verification ({@code verify: true}) found after the load: every record kbench sent, by outcome, against the
 * topic read back from its earliest offset. Documented in docs/integrity.md.
 *
 * @param verdict              the worst of the four anomalies' verdicts
 * @param settings             the settings the verdict was judged on
 * @param sent                 records sent (warm-up included)
 * @param acknowledged         sends the broker acknowledged
 * @param failed               sends that failed with an error meaning the record was not written
 * @param indeterminate        sends whose outcome is unknown (timed out, connection lost, no answer before close)
 * @param read                 records read back from the part of the topic this run wrote
 * @param acknowledgedFound    acknowledged records found in the log (all of them unless some were lost)
 * @param indeterminateFound   indeterminate sends found in the log (they may or may not be there)
 * @param preexistingSkipped   records that were in the topic before the run (below its end offsets then), not judged
 * @param lost                 acknowledged but not in the log
 * @param duplicated           present more than once
 * @param reordered            a producer's records out of order within a partition
 * @param unexpected           present but never sent by this run, or sent and failed definitively
 * @param unread               records of the topic that could not be read back (the read made no progress for 60 s):
 *                             the check is then inconclusive; absent when the whole topic was read
 * @param deleted              acknowledged, not found, and below the partition's log start offset when read back:
 *                             removed by retention or DeleteRecords, not lost; absent when none was
 */
public record Integrity(IntegrityVerdict verdict, IntegritySettings settings, long sent, long acknowledged, long failed,
                        long indeterminate, long read, long acknowledgedFound, long indeterminateFound,
                        long preexistingSkipped, Anomaly lost, Anomaly duplicated, Anomaly reordered,
                        Anomaly unexpected, @JsonInclude(JsonInclude.Include.NON_NULL) Long unread,
                        @JsonInclude(JsonInclude.Include.NON_NULL) DeletedRecords deleted) {
    public Integrity {
        if (unread != null) {
            Checks.atLeast("unread", unread, 1);
        }
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(lost, "lost");
        Objects.requireNonNull(duplicated, "duplicated");
        Objects.requireNonNull(reordered, "reordered");
        Objects.requireNonNull(unexpected, "unexpected");
    }

    /** Whether part of the topic could not be read back, so the check is inconclusive. */
    public boolean incomplete() {
        return unread != null;
    }

    /** Whether a guarantee of the settings was broken (the run exits 4). */
    public boolean violated() {
        return verdict == IntegrityVerdict.VIOLATION;
    }

    /** The one terminal line. */
    public String line() {
        String counts = String.format(Locale.ROOT,
                "%,d lost, %,d duplicated, %,d reordered, %,d unexpected; %,d sent, %,d acknowledged (%,d found), "
                        + "%,d failed, %,d indeterminate (%,d found)",
                lost.count(), duplicated.count(), reordered.count(), unexpected.count(), sent, acknowledged,
                acknowledgedFound, failed, indeterminate, indeterminateFound);
        if (deleted != null) {
            counts += String.format(Locale.ROOT, "; %,d deleted by retention or DeleteRecords (not lost)", deleted.count());
        }
        String gap = unread == null ? "" : String.format(Locale.ROOT,
                "%,d records could not be read back (no progress for 60 s), so lost counts what the rest lacks; ", unread);
        return "integrity: " + verdict.json().toUpperCase(Locale.ROOT) + ": " + gap + counts + " | "
                + settings.line();
    }
}
