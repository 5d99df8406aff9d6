package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.load.PayloadGenerator;
import io.kbench.measure.IntervalLog;
import io.kbench.measure.LatencyRecorder;
import io.kbench.spec.PayloadSpec;
import io.kbench.spec.PayloadType;
import io.kbench.spec.RecordSizeSpec;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The driver contract's vectors in drivers/testdata are what the Java side's classes compute today: each file is
 * regenerated and compared ({@code -Dvectors.update=true} rewrites them after an intended change; then every driver's
 * tests must pass again). A driver's own encodings of the histogram vectors, committed by its tests, must read back
 * through HdrHistogram's Java log reader as Java's buckets.
 */
class ContractVectorsTest {
    private static final Path DIR = Path.of("drivers/testdata");
    private static final boolean UPDATE = Boolean.getBoolean("vectors.update");
    /** Drivers whose histogram logs must be present and read as Java's: every driver in the repository. */
    private static final List<String> DRIVERS = List.of("franz-go", "librdkafka");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void stampsAreStampsBytes() throws IOException {
        check("stamps.json", ContractVectors.stamps().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void scheduleIsRateSchedules() throws IOException {
        check("schedule.json", ContractVectors.schedule().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void sendLogFileIsSendLogsAnswers() throws IOException {
        check("sendlog.json", SendLogVector.json().getBytes(StandardCharsets.UTF_8));
        byte[] file = SendLogVector.file(SendLogVector.replay(SendLogVector.EVENTS));
        check("sendlog.bin", file);
        // header 20 bytes, then 25 per run: 0-4 | 5-7 | 8 | 9 | 10 | 11-12 | 13-14 | 15-16 | 17-19
        assertThat(file).hasSize(20 + 9 * 25);
    }

    @Test
    void valuesFileHoldsPayloadGeneratorsValues() throws IOException, NoSuchAlgorithmException {
        byte[][] values = new PayloadGenerator(new PayloadSpec(PayloadType.RANDOM, null, 42L, null, null),
                new RecordSizeSpec(null, 16, 48, null, null)).valuesForThread(0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(values.length);
            for (byte[] v : values) {
                out.writeInt(v.length);
                out.write(v);
            }
        }
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("about", "PayloadGenerator(random, seed 42; recordSize min 16, max 48).valuesForThread(0)"
                + " in the values-file layout: u32 n, then n times (u32 length, bytes)");
        about.put("count", values.length);
        about.put("totalBytes", Arrays.stream(values).mapToLong(v -> v.length).sum());
        about.put("firstLengths", Arrays.stream(values).limit(4).mapToInt(v -> v.length).toArray());
        about.put("first", HexFormat.of().formatHex(values[0]));
        about.put("sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray())));
        check("values.bin", bytes.toByteArray());
        check("values.json", ContractVectors.json(about).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Everything but the encodings must be equal; an encoding is compared by what it decodes to, since deflate output
     * may differ between zlib builds while meaning the same histogram.
     */
    @Test
    void histogramsAreLatencyRecordersBuckets() throws Exception {
        Map<String, Object> fresh = ContractVectors.histograms();
        byte[] text = ContractVectors.json(fresh).getBytes(StandardCharsets.UTF_8);
        Path file = DIR.resolve("histograms.json");
        if (UPDATE || !Files.exists(file)) {
            check("histograms.json", text);
        }
        JsonNode committed = JSON.readTree(file.toFile());
        JsonNode regenerated = JSON.readTree(text);
        for (JsonNode c : committed.get("cases")) {
            Histogram decoded = Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(c.get("encoded").asText())), 0);
            assertThat(JSON.writeValueAsString(ContractVectors.buckets(decoded))).as(c.get("name").asText())
                    .isEqualTo(c.get("buckets").toString());
            assertThat(decoded.getHighestTrackableValue()).isEqualTo(LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
            assertThat(decoded.getNumberOfSignificantValueDigits()).isEqualTo(LatencyRecorder.SIGNIFICANT_DIGITS);
        }
        assertThat(withoutEncodings(committed)).as("drivers/testdata/histograms.json (-Dvectors.update=true rewrites it)")
                .isEqualTo(withoutEncodings(regenerated));
    }

    /**
     * Each driver writes the histogram vectors with its own HdrHistogram port and log writer into
     * drivers/testdata/CLIENT/histograms.hlog (its test, with -update); kbench reads logs through IntervalLog, so that
     * is what must read it, interval i being case i.
     */
    @Test
    void driversHistogramLogsReadAsJavasBuckets() throws IOException {
        JsonNode cases = JSON.readTree(DIR.resolve("histograms.json").toFile()).get("cases");
        for (String driver : DRIVERS) {
            Path log = DIR.resolve(driver).resolve("histograms.hlog");
            assertThat(log).as("%s's histogram log (its tests write it with -update)", driver).isRegularFile();
            List<Histogram> intervals = IntervalLog.read(log).orElseThrow();
            assertThat(intervals).as(driver).hasSize(cases.size());
            for (int i = 0; i < intervals.size(); i++) {
                Histogram h = intervals.get(i);
                String name = driver + " " + cases.get(i).get("name").asText();
                assertThat(JSON.writeValueAsString(ContractVectors.buckets(h))).as(name)
                        .isEqualTo(cases.get(i).get("buckets").toString());
                assertThat(h.getTotalCount()).as(name).isEqualTo(cases.get(i).get("totalCount").asLong());
                assertThat(h.getHighestTrackableValue()).as(name).isEqualTo(LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
                assertThat(h.getNumberOfSignificantValueDigits()).as(name).isEqualTo(LatencyRecorder.SIGNIFICANT_DIGITS);
            }
        }
    }

    private static JsonNode withoutEncodings(JsonNode root) {
        JsonNode copy = root.deepCopy();
        List<JsonNode> cases = new ArrayList<>();
        copy.get("cases").forEach(cases::add);
        cases.forEach(c -> ((ObjectNode) c).remove("encoded"));
        return copy;
    }

    /** Writes {@code name} when updating or missing (then fails: a new vector is reviewed before it counts). */
    private static void check(String name, byte[] content) throws IOException {
        Path file = DIR.resolve(name);
        if (UPDATE || !Files.exists(file)) {
            Files.createDirectories(DIR);
            Files.write(file, content);
            assertThat(UPDATE).as("vector %s was missing and has been written; review and commit it", file).isTrue();
            return;
        }
        if (name.endsWith(".json")) {
            assertThat(Files.readString(file)).as("%s (-Dvectors.update=true rewrites it)", file)
                    .isEqualTo(new String(content, StandardCharsets.UTF_8));
        } else {
            assertThat(Files.readAllBytes(file)).as("%s (-Dvectors.update=true rewrites it)", file).isEqualTo(content);
        }
    }
}
