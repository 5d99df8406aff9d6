package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.integrity.SendLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver's send log, read by {@link SendLogFile} and replayed into a {@link SendLog} ({@link SendLog#replay}), answers
 * exactly as the live log that wrote it: the same state for every sequence and the same position for every
 * acknowledged one, so kbench's verification judges a driver's records as the Java producers'.
 */
class SendLogReplayTest {
    @TempDir
    Path dir;

    @Test
    void theContractsVectorReplaysToTheLogItWasWrittenFrom() throws IOException {
        Path file = Files.copy(Path.of("drivers/testdata/sendlog.bin"), dir.resolve("sendlog-3.bin"));
        SendLog live = SendLogVector.replay(SendLogVector.EVENTS);
        SendLog replayed = readOne(file, SendLogVector.PRODUCER, live.sent());
        assertSame(live, replayed);
        // seq 13, 14: sent, no outcome; 15, 16: acknowledged without an offset (acks=0)
        assertThat(replayed.state(13)).isEqualTo(SendLog.PENDING);
        assertThat(replayed.state(15)).isEqualTo(SendLog.ACKNOWLEDGED);
        assertThat(replayed.ackPosition(15)).isNull();
        assertThat(replayed.ackPosition(9)).containsExactly(0, 107);
    }

    @Test
    void aLongRandomHistoryAcrossChunksReplaysRecordForRecord() throws IOException {
        Random random = new Random(7);
        SendLog live = new SendLog(1);
        int n = 200_000; // past SendLog's chunk of 65,536
        int[] states = new int[n];
        long[][] positions = new long[n][];
        long[] offsets = new long[4];
        for (int seq = 0; seq < n; seq++) {
            live.sending(seq);
            int p = random.nextInt(4);
            int outcome = random.nextInt(10);
            switch (outcome) {
                case 0 -> live.failed(seq, new RecordTooLargeException("definite"));
                case 1 -> live.failed(seq, new NotEnoughReplicasException("may be written"));
                case 2 -> { } // pending
                case 3 -> live.acknowledged(seq, p, -1);
                default -> {
                    // Mostly the next offset (a batch), sometimes a gap (another producer's records between).
                    offsets[p] += random.nextInt(4) == 0 ? 2 : 1;
                    live.acknowledged(seq, p, offsets[p]);
                    positions[seq] = new long[] {p, offsets[p]};
                }
            }
            states[seq] = live.state(seq);
        }
        // Written from what was recorded (ackPosition is a linear search: too slow for every sequence of a long log).
        Path file = Files.write(dir.resolve("sendlog-1.bin"),
                SendLogVector.file(1, n, seq -> states[(int) seq], seq -> positions[(int) seq]));
        assertSame(live, readOne(file, 1, n));
    }

    @Test
    void anEmptyLogReplaysToNothingSent() throws IOException {
        SendLog live = new SendLog(0);
        Path file = Files.write(dir.resolve("sendlog-0.bin"), SendLogVector.file(live));
        assertThat(Files.size(file)).isEqualTo(SendLogFile.HEADER_BYTES);
        assertThat(readOne(file, 0, 0).sent()).isZero();
    }

    private SendLog readOne(Path file, int producer, long maxRecords) {
        SendLog[] out = new SendLog[1];
        SendLogFile.readAll(List.of(file.toString()), new SendLogFile.Limits(dir, producer, 1, maxRecords), g -> {
            out[0] = new SendLog(g);
            return out[0]::replay;
        });
        return out[0];
    }

    private static void assertSame(SendLog live, SendLog replayed) {
        assertThat(replayed.producer()).isEqualTo(live.producer());
        assertThat(replayed.sent()).isEqualTo(live.sent());
        for (long seq = 0; seq < live.sent(); seq++) {
            assertThat(replayed.state(seq)).as("state of %d", seq).isEqualTo(live.state(seq));
        }
        // ackPosition is a linear search: every position of a short log, a sample of a long one.
        long step = Math.max(1, live.sent() / 500);
        for (long seq = 0; seq < live.sent(); seq += step) {
            assertThat(replayed.ackPosition(seq)).as("position of %d", seq).isEqualTo(live.ackPosition(seq));
        }
    }
}
