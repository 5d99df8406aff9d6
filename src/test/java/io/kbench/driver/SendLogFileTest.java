package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.RunFailedException;
import io.kbench.load.integrity.SendLog;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A send log comes from another process: a forged, oversized or inconsistent one is refused with one line naming the
 * file, the field and the value, before it costs memory or time (its header's {@code sent} is bounded by the records
 * the driver's intervals counted, and its size by its header), and nothing outside kbench's directory is read.
 */
class SendLogFileTest {
    @TempDir
    Path dir;

    @Test
    void aWellFormedPairOfLogsIsReplayedPerThread() throws IOException {
        Path a = write("sendlog-4.bin", header(4, 3), run(0, 3, 1, 0, 10));
        Path b = write("sendlog-5.bin", header(5, 2), run(0, 1, 2, -1, -1), run(1, 1, 3, -1, -1));
        List<Integer> producers = new ArrayList<>();
        SendLog[] logs = new SendLog[2];
        SendLogFile.readAll(List.of(a.toString(), b.toString()), new SendLogFile.Limits(dir, 4, 2, 5), g -> {
            producers.add(g);
            logs[g - 4] = new SendLog(g);
            return logs[g - 4]::replay;
        });
        assertThat(producers).containsExactly(4, 5);
        assertThat(logs[0].ackPosition(2)).containsExactly(0, 12);
        assertThat(logs[1].state(0)).isEqualTo(SendLog.FAILED);
        assertThat(logs[1].state(1)).isEqualTo(SendLog.INDETERMINATE);
    }

    @Test
    void aHeaderClaimingMoreRecordsThanTheDriverCountedIsRefusedBeforeAnyRunIsRead() throws IOException {
        // A forged header: a trillion records in a file of one run would cost minutes and gigabytes to replay.
        Path file = write("sendlog-0.bin", header(0, 1_000_000_000_000L), run(0, 100, 1, 0, 0));
        assertRefused(List.of(file), 2200, "send log sendlog-0.bin: sent = 1000000000000: is more than the 2200"
                + " records its intervals counted as acknowledged or failed");
    }

    @Test
    void theRecordsOfAllFilesTogetherAreBoundedToo() throws IOException {
        Path a = write("sendlog-0.bin", header(0, 3), run(0, 3, 1, 0, 0));
        Path b = write("sendlog-1.bin", header(1, 3), run(0, 3, 1, 1, 0));
        assertRefused(List.of(a, b), 2, 5, "send log sendlog-1.bin: sent = 3: is more than the 2 records");
    }

    @Test
    void aFileLargerOrSmallerThanItsHeaderSaysIsRefused() throws IOException {
        byte[] extra = new byte[1 << 20];
        Path big = write("sendlog-0.bin", header(0, 2), run(0, 2, 1, 0, 0), extra);
        assertRefused(List.of(big), 2, "send log sendlog-0.bin: size = " + (20 + 25 + extra.length)
                + ": does not fit 2 records");
        Path cut = write("sendlog-0.bin", header(0, 5), run(0, 2, 1, 0, 0), run(2, 3, 1, 0, 2));
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(cut), 20 + 25 + 10));
        assertRefused(List.of(cut), 5, "send log sendlog-0.bin: size = 55: does not fit 5 records");
        Path none = write("sendlog-0.bin", header(0, 5));
        assertRefused(List.of(none), 5, "send log sendlog-0.bin: size = 20: does not fit 5 records");
    }

    @Test
    void runsThatDoNotCoverTheSequencesInOrderAreRefused() throws IOException {
        assertRefused(List.of(write("sendlog-0.bin", header(0, 4), run(0, 2, 1, 0, 0), run(3, 1, 1, 0, 3))), 4,
                "send log sendlog-0.bin: firstSeq = 3: must be 2, where the runs before it end");
        assertRefused(List.of(write("sendlog-0.bin", header(0, 4), run(0, 2, 1, 0, 0), run(2, 5, 1, 0, 2))), 4,
                "send log sendlog-0.bin: count = 5: must be 1..2 at sequence 2");
        assertRefused(List.of(write("sendlog-0.bin", header(0, 4), run(0, 0, 1, 0, 0), run(0, 4, 1, 0, 0))), 4,
                "send log sendlog-0.bin: count = 0: must be 1..4 at sequence 0");
        assertRefused(List.of(write("sendlog-0.bin", header(0, 4), run(0, 2, 1, 0, 0), run(2, 1, 1, 0, 2))), 4,
                "send log sendlog-0.bin: runs = 3 records: cover fewer than the 4 the header says");
    }

    @Test
    void aStateOrPositionTheContractDoesNotHaveIsRefused() throws IOException {
        assertRefused(List.of(write("sendlog-0.bin", header(0, 1), run(0, 1, 4, -1, -1))), 1,
                "send log sendlog-0.bin: state = 4: must be 0..3 at sequence 0");
        assertRefused(List.of(write("sendlog-0.bin", header(0, 1), run(0, 1, 2, 3, 7))), 1,
                "send log sendlog-0.bin: partition = 3@7: must be -1@-1, or a partition and offset of an acknowledged"
                        + " run, at sequence 0");
        assertRefused(List.of(write("sendlog-0.bin", header(0, 2), run(0, 2, 1, 0, Long.MAX_VALUE))), 2,
                "send log sendlog-0.bin: partition = 0@" + Long.MAX_VALUE);
    }

    @Test
    void aForeignOrRepeatedProducerOrAnotherFormatIsRefused() throws IOException {
        assertRefused(List.of(write("sendlog-0.bin", header(9, 0))), 0,
                "send log sendlog-0.bin: producer = 9: is not a producer thread of the slice (0..0)");
        Path a = write("sendlog-0.bin", header(0, 0));
        Path b = write("sendlog-1.bin", header(0, 0));
        assertRefused(List.of(a, b), 2, 0, "send log sendlog-1.bin: producer = 0: has a send log already");
        Path magic = write("sendlog-0.bin", "XXXX".getBytes(StandardCharsets.US_ASCII), new byte[16]);
        assertRefused(List.of(magic), 0, "send log sendlog-0.bin: magic = XXXX: must be KBSL");
        byte[] v2 = header(0, 0);
        v2[7] = 2;
        assertRefused(List.of(write("sendlog-0.bin", v2)), 0, "send log sendlog-0.bin: version = 2: must be 1");
        assertRefused(List.of(write("sendlog-0.bin", "KB".getBytes(StandardCharsets.US_ASCII))), 0,
                "send log sendlog-0.bin: size = 2: is shorter than the 20-byte header");
    }

    @Test
    void aPathOutsideTheSendLogDirectoryOrALinkIsNotRead() throws IOException {
        Path outside = Files.write(dir.resolveSibling(dir.getFileName() + "-outside.bin"), header(0, 0));
        try {
            assertRefused(List.of(outside), 0, "send log " + outside.getFileName() + ": path = " + outside
                    + ": is not a file in the send log directory kbench gave");
            Path link = Files.createSymbolicLink(dir.resolve("sendlog-0.bin"), outside);
            assertRefused(List.of(link), 0, "send log sendlog-0.bin: path = " + link + ": is not a file in the send log");
            Path dotdot = dir.resolve("sub/../../" + outside.getFileName());
            assertRefused(List.of(dotdot), 0, ": is not a file in the send log directory kbench gave");
        } finally {
            Files.delete(outside);
        }
    }

    @Test
    void asManyFilesAsThreadsAreNamed() {
        assertThatThrownBy(() -> SendLogFile.readAll(null, new SendLogFile.Limits(dir, 0, 2, 0), g -> null))
                .isInstanceOf(RunFailedException.class).hasMessage("its done names no send log(s) for 2 producer thread(s)");
        assertThatThrownBy(() -> SendLogFile.readAll(List.of("a"), new SendLogFile.Limits(dir, 0, 2, 0), g -> null))
                .hasMessage("its done names 1 send log(s) for 2 producer thread(s)");
    }

    private void assertRefused(List<Path> files, long maxRecords, String message) {
        assertRefused(files, files.size(), maxRecords, message);
    }

    private void assertRefused(List<Path> files, int threads, long maxRecords, String message) {
        List<String> paths = files.stream().map(Path::toString).toList();
        assertThatThrownBy(() -> SendLogFile.readAll(paths, new SendLogFile.Limits(dir, 0, threads, maxRecords),
                g -> new SendLog(g)::replay))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).as("one line").doesNotContain("\n"));
    }

    private Path write(String name, byte[]... parts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            bytes.write(p);
        }
        return Files.write(dir.resolve(name), bytes.toByteArray());
    }

    private static byte[] header(int producer, long sent) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write("KBSL".getBytes(StandardCharsets.US_ASCII));
            out.writeInt(SendLogFile.VERSION);
            out.writeInt(producer);
            out.writeLong(sent);
        }
        return bytes.toByteArray();
    }

    private static byte[] run(long first, int count, int state, int partition, long offset) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(first);
            out.writeInt(count);
            out.writeByte(state);
            out.writeInt(partition);
            out.writeLong(offset);
        }
        return bytes.toByteArray();
    }
}
