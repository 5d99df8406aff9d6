package io.kbench.driver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kbench.load.RateSchedule;
import io.kbench.load.Stamp;
import io.kbench.measure.LatencyRecorder;
import io.kbench.unit.Units;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The driver contract's test vectors (docs/drivers.md#test-vectors), computed by the Java side's own classes: what a
 * driver in another language must reproduce byte for byte (stamps, schedule, send log) or bucket for bucket
 * (histograms). Each method returns a file's whole content.
 */
final class ContractVectors {
    /** Pretty, but with arrays on one line, so a vector file reads as a table and diffs stay small. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .setDefaultPrettyPrinter(new DefaultPrettyPrinter()
                    .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance));

    private ContractVectors() {
    }

    static String json(Object tree) {
        try {
            return JSON.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bytes a value holds before it is stamped: a pattern, so a stamp that writes a byte too many shows. */
    static byte[] fill(int length) {
        byte[] value = new byte[length];
        for (int i = 0; i < length; i++) {
            value[i] = (byte) (i * 37 + 11);
        }
        return value;
    }

    /** Stamps as the producers write them: only a value of at least {@link Stamp#BYTES} is stamped (ProducerWorker.send). */
    static String stamps() {
        List<Map<String, Object>> cases = new ArrayList<>();
        cases.add(stamp(16, 0x6B62_0001, true, false, 123_456_789_012_345L, null, null));
        cases.add(stamp(100, -1, false, false, 0L, null, null));
        cases.add(stamp(15, 0x6B62_0001, true, false, 5_000_000_000L, null, null));
        cases.add(stamp(32, 1_801_650_177, true, true, -42L, null, null));
        cases.add(stamp(24, 1_801_650_177, true, false, 5_000_000_000L, 3, 987_654_321_012L));
        cases.add(stamp(40, -2_023_406_815, false, false, Long.MAX_VALUE, 65_535, 0L));
        cases.add(stamp(24, 7, true, false, 1L << 40, 1, Long.MAX_VALUE));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("about", "Stamp.write / Stamp.writeId on values prefilled with byte i = (i*37+11) mod 256;"
                + " a value shorter than 16 bytes is left as it is; value is hex");
        root.put("cases", cases);
        return json(root);
    }

    private static Map<String, Object> stamp(int length, int magic, boolean measured, boolean aborted, long sendNanos,
                                             Integer producer, Long sequence) {
        byte[] value = fill(length);
        if (length >= Stamp.BYTES) {
            Stamp.write(value, magic, measured, aborted, sendNanos);
            if (producer != null) {
                Stamp.writeId(value, producer, sequence);
            }
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("length", length);
        c.put("magic", magic);
        c.put("measured", measured);
        c.put("aborted", aborted);
        c.put("sendNanos", sendNanos);
        c.put("producer", producer);
        c.put("sequence", sequence);
        c.put("stamped", Stamp.isOurs(value, magic));
        c.put("value", HexFormat.of().formatHex(value));
        return c;
    }

    /** Intended send times of RateSchedule, for rates whose period has a fraction and sequences past 10^9. */
    static String schedule() {
        long[] firstTen = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        long[] far = {0, 1, 2, 999, 1_000_000, 1_234_567_890L, 10_000_000_000L};
        List<Map<String, Object>> cases = new ArrayList<>();
        cases.add(schedule(5000.0 / 2, 1, 2, 1_000_000_000L, firstTen));
        cases.add(schedule(9.0 / 3, 2, 3, 123_456_789_012_345L, firstTen));
        cases.add(schedule(1_000_000.0 / 7, 5, 7, 987_654_321L, far));
        cases.add(schedule(100_000.0 / 3, 0, 3, 77L, far));
        cases.add(schedule(2.0 / 4, 1, 4, -5_000_000_000L, firstTen));
        cases.add(schedule(50_000.0 / 6, 5, 6, 3_141_592_653_589L, far));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("about", "RateSchedule(ratePerThread, startNanos, thread/threads).intendedSendNanos(index)");
        root.put("cases", cases);
        return json(root);
    }

    private static Map<String, Object> schedule(double ratePerThread, int thread, int threads, long startNanos,
                                                long[] indexes) {
        RateSchedule schedule = new RateSchedule(ratePerThread, startNanos, (double) thread / threads);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("ratePerThread", ratePerThread);
        c.put("thread", thread);
        c.put("threads", threads);
        c.put("startNanos", startNanos);
        c.put("indexes", indexes);
        c.put("intendedNanos", Arrays.stream(indexes).map(schedule::intendedSendNanos).toArray());
        return c;
    }

    /** Latencies in nanoseconds, each recorded {@code [1]} times: what LatencyRecorder makes of them. */
    static final Map<String, long[][]> HISTOGRAM_CASES = histogramCases();

    private static Map<String, long[][]> histogramCases() {
        Map<String, long[][]> cases = new LinkedHashMap<>();
        cases.put("empty", new long[0][]);
        cases.put("clamped", new long[][] {{-5_000, 1}, {0, 1}, {999, 1}, {1_000, 1}, {1_999, 1},
                {3_600_000_000_000_000L, 1}, {3_600_000_000_999_999L, 1}, {Long.MAX_VALUE, 2}});
        cases.put("typical", new long[][] {{1_500_000, 1000}, {2_048_000, 300}, {15_000_000, 7}, {250_000, 129},
                {1_000_000_000, 1}});
        long[][] spread = new long[200][];
        for (int j = 0; j < spread.length; j++) {
            spread[j] = new long[] {((long) j * j * 7919 + 1000) * 1000 + j, 1 + j % 5};
        }
        cases.put("spread", spread);
        return cases;
    }

    /** The histogram LatencyRecorder holds after recording {@code latencies}, as the producers and consumers do. */
    static Histogram recorded(long[][] latencies) {
        LatencyRecorder recorder = new LatencyRecorder();
        for (long[] l : latencies) {
            for (long n = 0; n < l[1]; n++) {
                recorder.recordMicros(Units.micros(l[0]));
            }
        }
        return recorder.takeInterval(null);
    }

    /** Non-empty buckets as [lowest equivalent value, count]: what two encodings of one histogram must share. */
    static List<long[]> buckets(Histogram h) {
        List<long[]> buckets = new ArrayList<>();
        for (HistogramIterationValue v : h.recordedValues()) {
            buckets.add(new long[] {h.lowestEquivalentValue(v.getValueIteratedTo()), v.getCountAtValueIteratedTo()});
        }
        return buckets;
    }

    static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** Histogram vectors: the recording rule's buckets and Java's V2 compressed encoding of them. */
    static Map<String, Object> histograms() {
        List<Map<String, Object>> cases = new ArrayList<>();
        HISTOGRAM_CASES.forEach((name, latencies) -> {
            Histogram h = recorded(latencies);
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("name", name);
            c.put("latencyNanos", latencies);
            c.put("totalCount", h.getTotalCount());
            c.put("buckets", buckets(h));
            c.put("encoded", encode(h));
            cases.add(c);
        });
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("about", "LatencyRecorder.recordMicros(Units.micros(nanos)) for each [nanos, times]; buckets are"
                + " [lowestEquivalentValue, count]; encoded is HdrHistogram's V2 compressed encoding in base64");
        root.put("lowest", 1);
        root.put("highest", LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        root.put("significantDigits", LatencyRecorder.SIGNIFICANT_DIGITS);
        root.put("cases", cases);
        return root;
    }
}
