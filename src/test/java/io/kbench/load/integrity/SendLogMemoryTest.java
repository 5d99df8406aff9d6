package io.kbench.load.integrity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The memory verification costs per record, measured two ways for 10 million records of one producer: the bytes the
 * tracker's arrays hold ({@link SendLog#retainedBytes}), and the heap growth the JVM reports after System.gc(). Prints
 * both (quoted in docs/integrity.md) and checks them against the layout.
 */
class SendLogMemoryTest {
    private static final int RECORDS = 10_000_000;

    @Test
    void twoBitsPerRecordPlus24BytesPerRunWithTheRunsCappedAt24MiB() {
        // Keyless: the sticky partitioner fills a 16 KiB batch of 1 KiB records (16 consecutive records) per partition.
        Measured keyless = measure(16);
        // Keyed: every record to another partition than the one before, one run each until the run budget is full.
        Measured keyed = measure(1);
        System.out.println(keyless.line("keyless, 16-record batches"));
        System.out.println(keyed.line("keyed, 1 record per run"));
        // 2 bits of state per record, 24 bytes per run of acknowledged positions: 0.25 + 24 / 16 for keyless batches;
        // keyed records hit the 2^20-run (24 MiB) budget: 0.25 + 24 MiB / 10 M.
        assertThat(keyless.retainedPerRecord()).isCloseTo(0.25 + 24.0 / 16, within(0.01));
        assertThat(keyed.retainedPerRecord()).isCloseTo(0.25 + 24.0 * SendLog.MAX_RUNS / RECORDS, within(0.01));
        // The JVM's own account agrees with the arrays' (no hidden per-record objects).
        assertThat(keyless.heapPerRecord()).isCloseTo(keyless.retainedPerRecord(), withinPercentage(20));
        assertThat(keyed.heapPerRecord()).isCloseTo(keyed.retainedPerRecord(), withinPercentage(20));
    }

    private record Measured(double retainedPerRecord, double heapPerRecord, int runs) {
        String line(String what) {
            return String.format(Locale.ROOT, "SendLog %s: %,d records, %,d runs: %.3f bytes/record retained "
                    + "(+0.125 seen bit during verification), %.3f bytes/record heap growth", what, RECORDS, runs,
                    retainedPerRecord, heapPerRecord);
        }
    }

    private static Measured measure(int recordsPerBatch) {
        long before = usedAfterGc();
        SendLog log = new SendLog(0);
        long offset = 0;
        for (int seq = 0; seq < RECORDS; seq++) {
            log.sending(seq);
            int batch = seq / recordsPerBatch;
            log.acknowledged(seq, batch % 12, offset++);
        }
        long after = usedAfterGc();
        Measured m = new Measured((double) log.retainedBytes() / RECORDS, (double) (after - before) / RECORDS, log.runCount());
        assertThat(List.of(log.state(RECORDS - 1))).containsExactly(SendLog.ACKNOWLEDGED); // keeps the log reachable
        return m;
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
