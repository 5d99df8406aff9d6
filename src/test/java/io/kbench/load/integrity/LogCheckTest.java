package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import io.kbench.result.run.RecordPosition;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class LogCheckTest {
    private static final IntegritySettings STRICT = new IntegritySettings("all", true, 5, 2, 3, false);
    private static final IntegritySettings LOOSE = new IntegritySettings("1", false, 5, 1, 3, false);

    /** Producer {@code index} sent {@code n} records, all acknowledged on partition 0 at offsets base + seq. */
    private static SendLog acked(int index, int n, long base) {
        SendLog log = new SendLog(index);
        for (long seq = 0; seq < n; seq++) {
            log.sending(seq);
            log.acknowledged(seq, 0, base + seq);
        }
        return log;
    }

    @Test
    void everyAcknowledgedRecordReadOnceIsClean() {
        SendLog a = acked(0, 100, 0);
        SendLog b = acked(1, 50, 100);
        LogCheck check = new LogCheck(List.of(a, b));
        for (long seq = 0; seq < 100; seq++) {
            check.ours(0, seq, 0, seq);
        }
        for (long seq = 0; seq < 50; seq++) {
            check.ours(0, 100 + seq, 1, seq);
        }
        Integrity i = check.finish(STRICT);
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.OK);
        assertThat(i.sent()).isEqualTo(150);
        assertThat(i.acknowledged()).isEqualTo(150);
        assertThat(i.acknowledgedFound()).isEqualTo(150);
        assertThat(i.read()).isEqualTo(150);
        assertThat(i.lost().count() + i.duplicated().count() + i.reordered().count() + i.unexpected().count()).isZero();
        assertThat(i.lost().reason()).isNull();
    }

    @Test
    void anAcknowledgedRecordMissingIsLostWithWhereItWasAcknowledged() {
        SendLog a = acked(0, 10, 500);
        LogCheck check = new LogCheck(List.of(a));
        for (long seq = 0; seq < 10; seq++) {
            if (seq != 3 && seq != 7) {
                check.ours(0, 500 + seq, 0, seq);
            }
        }
        Integrity i = check.finish(STRICT);
        assertThat(i.lost().count()).isEqualTo(2);
        assertThat(i.lost().examples()).containsExactly(new RecordPosition(0, 3L, 0, 503L), new RecordPosition(0, 7L, 0, 507L));
        assertThat(i.lost().verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
        assertThat(i.violated()).isTrue();
        assertThat(i.acknowledgedFound()).isEqualTo(8);
        // The same loss with acks=1 is the documented consequence of the settings.
        LogCheck loose = new LogCheck(List.of(acked(0, 10, 500)));
        Integrity j = loose.finish(LOOSE, new ReadBack(0, Map.of(), List.of("kill leader at 1s")));
        assertThat(j.lost().count()).isEqualTo(10);
        assertThat(j.verdict()).isEqualTo(IntegrityVerdict.EXPECTED);
        assertThat(j.lost().examples()).hasSize(LogCheck.EXAMPLES);
    }

    @Test
    void aRecordReadTwiceIsDuplicatedNotReordered() {
        LogCheck check = new LogCheck(List.of(acked(0, 3, 0)));
        check.ours(0, 0, 0, 0);
        check.ours(0, 1, 0, 1);
        check.ours(0, 2, 0, 1);
        check.ours(0, 3, 0, 2);
        Integrity i = check.finish(LOOSE);
        assertThat(i.duplicated().count()).isEqualTo(1);
        assertThat(i.duplicated().examples()).containsExactly(new RecordPosition(0, 1L, 0, 2L));
        assertThat(i.reordered().count()).isZero();
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.EXPECTED);
        assertThat(new LogCheck(List.of(acked(0, 1, 0))).finish(STRICT).verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
    }

    @Test
    void aLowerSequenceAfterAHigherOneInTheSamePartitionIsReordered() {
        LogCheck check = new LogCheck(List.of(acked(0, 4, 0), acked(1, 2, 0)));
        check.ours(0, 0, 0, 0);
        check.ours(0, 1, 0, 2);
        check.ours(0, 2, 1, 1); // another producer's order is its own
        check.ours(0, 3, 0, 1); // 1 after 2: reordered
        check.ours(1, 0, 1, 0); // another partition's order is its own
        check.ours(0, 4, 0, 3);
        Integrity i = check.finish(STRICT);
        assertThat(i.reordered().count()).isEqualTo(1);
        assertThat(i.reordered().examples()).containsExactly(new RecordPosition(0, 1L, 0, 3L));
        assertThat(i.reordered().verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
        assertThat(i.lost().count()).isZero();
        assertThat(i.duplicated().count()).isZero();
    }

    @Test
    void foreignNeverSentAndDefinitelyFailedRecordsAreUnexpected() {
        SendLog log = new SendLog(0);
        for (long seq = 0; seq < 3; seq++) {
            log.sending(seq);
        }
        log.acknowledged(0, 0, 0);
        log.failed(1, new RecordTooLargeException("x"));
        log.failed(2, new TimeoutException("x"));
        LogCheck check = new LogCheck(List.of(log));
        check.ours(0, 0, 0, 0);
        check.ours(0, 1, 0, 1); // failed definitively, yet present
        check.ours(0, 2, 0, 2); // indeterminate and present: fine
        check.ours(0, 3, 0, 99); // never sent
        check.ours(0, 4, 7, 0); // no such producer
        check.foreign(0, 5);
        check.preexisting();
        Integrity i = check.finish(STRICT);
        assertThat(i.unexpected().count()).isEqualTo(4);
        assertThat(i.unexpected().examples()).containsExactly(new RecordPosition(0, 1L, 0, 1L),
                new RecordPosition(0, 99L, 0, 3L), new RecordPosition(7, 0L, 0, 4L), new RecordPosition(null, null, 0, 5L));
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
        assertThat(i.failed()).isEqualTo(1);
        assertThat(i.indeterminate()).isEqualTo(1);
        assertThat(i.indeterminateFound()).isEqualTo(1);
        assertThat(i.preexistingSkipped()).isEqualTo(1);
        assertThat(i.read()).isEqualTo(6);
    }

    @Test
    void aSendWithoutOutcomeIsIndeterminateAndMayBeAbsent() {
        SendLog log = new SendLog(0);
        log.sending(0);
        Integrity i = new LogCheck(List.of(log)).finish(STRICT);
        assertThat(i.indeterminate()).isEqualTo(1);
        assertThat(i.indeterminateFound()).isZero();
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.OK);
    }

    @Test
    void theTerminalLineNamesVerdictCountsAndSettings() {
        Integrity i = new LogCheck(List.of(acked(0, 2000, 0))).finish(STRICT);
        assertThat(i.line()).isEqualTo("integrity: VIOLATION: 2,000 lost, 0 duplicated, 0 reordered, 0 unexpected; "
                + "2,000 sent, 2,000 acknowledged (0 found), 0 failed, 0 indeterminate (0 found) | "
                + "acks=all idempotence=true min.insync.replicas=2 RF=3 unclean.leader.election=false");
    }

    @Test
    void aReadThatStalledLeavesLossInconclusiveButStillReportsWhatItFound() {
        SendLog a = acked(0, 10, 0);
        LogCheck check = new LogCheck(List.of(a));
        for (long seq = 0; seq < 6; seq++) {
            check.ours(0, seq, 0, seq);
        }
        Integrity i = check.finish(STRICT, new ReadBack(4, Map.of(), List.of()));
        assertThat(i.incomplete()).isTrue();
        assertThat(i.unread()).isEqualTo(4);
        assertThat(i.lost().count()).isEqualTo(4);
        assertThat(i.lost().verdict()).isEqualTo(IntegrityVerdict.INCONCLUSIVE);
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.INCONCLUSIVE);
        assertThat(i.violated()).isFalse();
        assertThat(i.line()).startsWith("integrity: INCONCLUSIVE: 4 records could not be read back");
        // A duplicate in what was read breaks idempotence whatever the unread part holds.
        LogCheck dup = new LogCheck(List.of(acked(0, 3, 0)));
        dup.ours(0, 0, 0, 0);
        dup.ours(0, 1, 0, 0);
        Integrity d = dup.finish(STRICT, new ReadBack(2, Map.of(), List.of()));
        assertThat(d.verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
        // A complete read is never inconclusive.
        assertThat(new LogCheck(List.of(acked(0, 1, 0))).finish(STRICT, ReadBack.complete()).unread()).isNull();
    }
    @Test
    void acknowledgedRecordsBelowTheLogStartWereDeletedNotLost() {
        // 10 records acknowledged at offsets 500..509; the log of partition 0 now starts at 506 and holds 506..507.
        LogCheck check = new LogCheck(List.of(acked(0, 10, 500)));
        check.ours(0, 506, 0, 6);
        check.ours(0, 507, 0, 7);
        Integrity i = check.finish(STRICT, new ReadBack(0, Map.of(0, 506L), List.of()));
        assertThat(i.deleted().count()).isEqualTo(6);
        assertThat(i.deleted().examples()).first().isEqualTo(new RecordPosition(0, 0L, 0, 500L));
        assertThat(i.lost().count()).isEqualTo(2);
        assertThat(i.lost().examples()).containsExactly(new RecordPosition(0, 8L, 0, 508L), new RecordPosition(0, 9L, 0, 509L));
        assertThat(i.verdict()).isEqualTo(IntegrityVerdict.VIOLATION);
        assertThat(i.line()).contains("2 lost,").contains("6 deleted by retention or DeleteRecords (not lost)");
        // Only deletions: nothing is wrong.
        LogCheck onlyDeleted = new LogCheck(List.of(acked(0, 10, 500)));
        Integrity d = onlyDeleted.finish(STRICT, new ReadBack(0, Map.of(0, 510L), List.of()));
        assertThat(d.verdict()).isEqualTo(IntegrityVerdict.OK);
        assertThat(d.lost().count()).isZero();
        assertThat(d.deleted().count()).isEqualTo(10);
        assertThat(check.finish(STRICT, ReadBack.complete()).deleted()).as("absent when none was deleted").isNull();
    }
}
