package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class SendLogTest {

    @Test
    void keepsEachOutcomeInItsTwoBitsAcrossWordAndChunkBoundaries() {
        SendLog log = new SendLog(3);
        long n = (1L << SendLog.CHUNK_SHIFT) * 2 + 77;
        for (long seq = 0; seq < n; seq++) {
            log.sending(seq);
        }
        for (long seq = 0; seq < n; seq++) {
            switch ((int) (seq % 4)) {
                case 0 -> log.acknowledged(seq, 0, seq);
                case 1 -> log.failed(seq, new RecordTooLargeException("too large"));
                case 2 -> log.failed(seq, new TimeoutException("expired"));
                default -> { } // no outcome: stays pending
            }
        }
        assertThat(log.sent()).isEqualTo(n);
        for (long seq = 0; seq < n; seq++) {
            int expected = switch ((int) (seq % 4)) {
                case 0 -> SendLog.ACKNOWLEDGED;
                case 1 -> SendLog.FAILED;
                case 2 -> SendLog.INDETERMINATE;
                default -> SendLog.PENDING;
            };
            assertThat(log.state(seq)).as("seq %d", seq).isEqualTo(expected);
        }
    }

    @Test
    void aBatchOfConsecutiveRecordsIsOneRunAndPositionsAreRecovered() {
        SendLog log = new SendLog(0);
        for (long seq = 0; seq < 10; seq++) {
            log.sending(seq);
        }
        // seq 0-3 in one batch on partition 2 at offsets 100-103, seq 4-6 on partition 5, seq 7-9 back on partition 2
        // after another producer's records (offsets 200-202): three runs.
        for (long seq = 0; seq < 4; seq++) {
            log.acknowledged(seq, 2, 100 + seq);
        }
        for (long seq = 4; seq < 7; seq++) {
            log.acknowledged(seq, 5, seq);
        }
        for (long seq = 7; seq < 10; seq++) {
            log.acknowledged(seq, 2, 193 + seq);
        }
        assertThat(log.runCount()).isEqualTo(3);
        assertThat(log.ackPosition(2)).containsExactly(2, 102);
        assertThat(log.ackPosition(5)).containsExactly(5, 5);
        assertThat(log.ackPosition(9)).containsExactly(2, 202);
    }

    @Test
    void interleavedPartitionsKeepTheirOwnOpenRun() {
        SendLog log = new SendLog(0);
        for (long seq = 0; seq < 4; seq++) {
            log.sending(seq);
        }
        // Acks of two batches interleave: 0,1 -> p0 at 10,11 and 2,3 -> p1 at 50,51; arrival 0, 2, 1, 3.
        log.acknowledged(0, 0, 10);
        log.acknowledged(2, 1, 50);
        log.acknowledged(1, 0, 11);
        log.acknowledged(3, 1, 51);
        assertThat(log.runCount()).isEqualTo(2);
        assertThat(log.ackPosition(1)).containsExactly(0, 11);
        assertThat(log.ackPosition(3)).containsExactly(1, 51);
    }

    @Test
    void anAckWithoutOffsetKeepsNoPosition() {
        SendLog log = new SendLog(0);
        log.sending(0);
        log.acknowledged(0, 4, -1);
        assertThat(log.state(0)).isEqualTo(SendLog.ACKNOWLEDGED);
        assertThat(log.ackPosition(0)).isNull();
        assertThat(log.runCount()).isZero();
    }

    @Test
    void errorsThatMayHaveBeenWrittenAreIndeterminate() {
        assertThat(SendErrors.mayBeWritten(new TimeoutException("x"))).isTrue();
        assertThat(SendErrors.mayBeWritten(new NetworkException("x"))).isTrue();
        assertThat(SendErrors.mayBeWritten(new IllegalStateException("unknown kind"))).isTrue();
        assertThat(SendErrors.mayBeWritten(new RecordTooLargeException("x"))).isFalse();
    }
}
