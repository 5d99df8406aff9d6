package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.PayloadSpec;
import io.kbench.spec.PayloadType;
import io.kbench.spec.RecordSizeSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayloadGeneratorTest {

    private static PayloadSpec random(long seed) {
        return new PayloadSpec(PayloadType.RANDOM, null, seed, null, null);
    }

    private static PayloadSpec synthetic(double compressibility, long seed) {
        return new PayloadSpec(PayloadType.SYNTHETIC, compressibility, seed, null, null);
    }

    @Test
    void fixedSizesAreExact() {
        for (PayloadSpec p : new PayloadSpec[] {random(1), synthetic(0.5, 1)}) {
            byte[][] values = new PayloadGenerator(p, RecordSizeSpec.fixed(1000)).valuesForThread(0);
            assertThat(Arrays.asList(values)).isNotEmpty().allSatisfy(v -> assertThat(v).hasSize(1000));
        }
        byte[][] tiny = new PayloadGenerator(random(1), RecordSizeSpec.fixed(1)).valuesForThread(3);
        assertThat(Arrays.asList(tiny)).allSatisfy(v -> assertThat(v).hasSize(1));
    }

    @Test
    void uniformSizesStayWithinMinAndMax() {
        RecordSizeSpec size = new RecordSizeSpec(null, 100, 200, null, null);
        byte[][] values = new PayloadGenerator(random(7), size).valuesForThread(0);
        assertThat(Arrays.asList(values)).hasSizeGreaterThan(100).allSatisfy(v -> assertThat(v.length).isBetween(100, 200));
        // spread over the range, not stuck at one end
        int min = Arrays.stream(values).mapToInt(v -> v.length).min().orElseThrow();
        int max = Arrays.stream(values).mapToInt(v -> v.length).max().orElseThrow();
        assertThat(min).isLessThan(120);
        assertThat(max).isGreaterThan(180);
    }

    @Test
    void normalSizesAreClampedToMinAndMax() {
        RecordSizeSpec size = new RecordSizeSpec(null, 500, 1500, 1000, 400);
        byte[][] values = new PayloadGenerator(synthetic(0.5, 7), size).valuesForThread(1);
        assertThat(Arrays.asList(values)).hasSizeGreaterThan(100).allSatisfy(v -> assertThat(v.length).isBetween(500, 1500));
        double mean = Arrays.stream(values).mapToInt(v -> v.length).average().orElseThrow();
        assertThat(mean).isBetween(900.0, 1100.0);
    }

    @Test
    void seededOutputIsRepeatable() {
        for (PayloadType type : new PayloadType[] {PayloadType.RANDOM, PayloadType.LETTERS, PayloadType.SYNTHETIC}) {
            Double c = type == PayloadType.SYNTHETIC ? 0.5 : null;
            RecordSizeSpec size = new RecordSizeSpec(null, 64, 512, null, null);
            byte[][] a = new PayloadGenerator(new PayloadSpec(type, c, 42L, null, null), size).valuesForThread(0);
            byte[][] b = new PayloadGenerator(new PayloadSpec(type, c, 42L, null, null), size).valuesForThread(0);
            byte[][] other = new PayloadGenerator(new PayloadSpec(type, c, 43L, null, null), size).valuesForThread(0);
            byte[][] otherThread = new PayloadGenerator(new PayloadSpec(type, c, 42L, null, null), size).valuesForThread(1);
            assertThat(Arrays.deepEquals(a, b)).as(type + " same seed").isTrue();
            assertThat(Arrays.deepEquals(a, other)).as(type + " different seed").isFalse();
            assertThat(Arrays.deepEquals(a, otherThread)).as(type + " different thread").isFalse();
        }
    }

    @Test
    void threadsGetTheirOwnArrays() {
        PayloadGenerator g = new PayloadGenerator(random(1), RecordSizeSpec.fixed(100));
        byte[][] a = g.valuesForThread(0);
        byte[][] b = g.valuesForThread(0);
        assertThat(a[0]).isNotSameAs(b[0]).isEqualTo(b[0]);
    }

    @Test
    void syntheticCompressibilityIsMonotonic() throws IOException {
        RecordSizeSpec size = RecordSizeSpec.fixed(4096);
        double r01 = gzipRatio(new PayloadGenerator(synthetic(0.1, 42), size).valuesForThread(0));
        double r05 = gzipRatio(new PayloadGenerator(synthetic(0.5, 42), size).valuesForThread(0));
        double r09 = gzipRatio(new PayloadGenerator(synthetic(0.9, 42), size).valuesForThread(0));
        double rRandom = gzipRatio(new PayloadGenerator(random(42), size).valuesForThread(0));
        assertThat(r09).as("ratio at 0.9 vs 0.5").isGreaterThan(r05);
        assertThat(r05).as("ratio at 0.5 vs 0.1").isGreaterThan(r01);
        assertThat(r01).as("ratio at 0.1 vs random").isGreaterThan(rRandom);
        assertThat(rRandom).as("random payloads barely compress").isLessThan(1.05);
        assertThat(r09).isGreaterThan(1.5);
    }

    @Test
    void lettersAreTheStockToolsAToZAndCompressAsRandomBytesDoNot() throws IOException {
        RecordSizeSpec size = RecordSizeSpec.fixed(4096);
        byte[][] letters = new PayloadGenerator(new PayloadSpec(PayloadType.LETTERS, null, 42L, null, null), size)
                .valuesForThread(0);
        assertThat(Arrays.asList(letters)).allSatisfy(v -> assertThat(new String(v, StandardCharsets.US_ASCII))
                .hasSize(4096).matches("[A-Z]+"));
        // 26 equally likely letters carry log2(26) = 4.7 bits a byte: an entropy coder gets near 8 / 4.7 = 1.7.
        assertThat(gzipRatio(letters)).isBetween(1.4, 1.75);
        assertThat(gzipRatio(new PayloadGenerator(random(42), size).valuesForThread(0))).isLessThan(1.05);
    }

    @Test
    void monotonicValuesAreTheRecordNumberInDecimal() {
        assertThat(new String(PayloadGenerator.monotonic(0), StandardCharsets.US_ASCII)).isEqualTo("0");
        assertThat(new String(PayloadGenerator.monotonic(1_234_567_890_123L), StandardCharsets.US_ASCII))
                .isEqualTo("1234567890123");
        PayloadGenerator g = new PayloadGenerator(new PayloadSpec(PayloadType.MONOTONIC, null, null, null, null),
                RecordSizeSpec.fixed(1024));
        assertThat(g.minValueBytes()).isEqualTo(1);
        assertThat(g.valuesForThread(0)).hasDimensions(1, 1);
    }

    /** Original size over gzip size, each value compressed on its own (as a single record would be). */
    private static double gzipRatio(byte[][] values) throws IOException {
        long raw = 0;
        long compressed = 0;
        for (byte[] v : Arrays.copyOf(values, Math.min(values.length, 200))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                gz.write(v);
            }
            raw += v.length;
            compressed += out.size();
        }
        return (double) raw / compressed;
    }

    @Test
    void filePayloadsAreSplitOnTheDelimiter(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("samples.txt");
        Files.writeString(file, "{\"a\":1}\n{\"b\":22}\n\n{\"c\":333}\n", StandardCharsets.UTF_8);
        PayloadGenerator g = new PayloadGenerator(new PayloadSpec(PayloadType.FILE, null, null, file.toString(), null),
                RecordSizeSpec.fixed(1024));
        byte[][] values = g.valuesForThread(0);
        assertThat(Arrays.asList(values)).extracting(v -> new String(v, StandardCharsets.UTF_8))
                .containsExactly("{\"a\":1}", "{\"b\":22}", "{\"c\":333}");
        assertThat(g.minValueBytes()).isEqualTo(7);

        Path custom = dir.resolve("samples.bin");
        Files.writeString(custom, "one||two||three", StandardCharsets.UTF_8);
        byte[][] split = new PayloadGenerator(new PayloadSpec(PayloadType.FILE, null, null, custom.toString(), "||"),
                RecordSizeSpec.fixed(1024)).valuesForThread(0);
        assertThat(Arrays.asList(split)).extracting(v -> new String(v, StandardCharsets.UTF_8)).containsExactly("one", "two", "three");
    }

    @Test
    void missingFileIsAnInputErrorNamingTheField(@TempDir Path dir) {
        String missing = dir.resolve("nope.txt").toString();
        assertThatThrownBy(() -> new PayloadGenerator(new PayloadSpec(PayloadType.FILE, null, null, missing, null),
                RecordSizeSpec.fixed(100)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.payload.file").hasMessageContaining(missing);
    }

    @Test
    void emptyFileIsAnInputError(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.txt"), "\n\n");
        assertThatThrownBy(() -> new PayloadGenerator(new PayloadSpec(PayloadType.FILE, null, null, empty.toString(), null),
                RecordSizeSpec.fixed(100)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.payload.file").hasMessageContaining("no payloads");
    }
}
