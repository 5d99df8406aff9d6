package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.measure.LatencyRecorder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The events as the franz-go driver writes them, read strictly; every way a line can be wrong is refused by name. */
class DriverEventTest {
    private static final String SOURCE = "driver franz-go (producers 0-1, pid 4711)";

    /** A histogram the franz-go driver's tests wrote (hdrhistogram-go's encoding), from the contract's vectors. */
    private static String franzGoHistogram() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("drivers/testdata/franz-go/histograms.hlog"), StandardCharsets.UTF_8);
        String row = lines.stream().filter(l -> !l.startsWith("#") && !l.startsWith("\"")).skip(1).findFirst().orElseThrow();
        return row.substring(row.lastIndexOf(',') + 1);
    }

    private static String javaHistogram(long... micros) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long m : micros) {
            h.recordValue(m);
        }
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), n));
    }

    private static String interval(String extra) {
        String h = javaHistogram(1200, 3400);
        String empty = javaHistogram();
        return "{\"counts\":{\"consumedBytes\":0,\"consumedMeasured\":0,\"consumedMeasuredBytes\":0,\"consumedRecords\":0,"
                + "\"producedBytes\":256000,\"producedMeasured\":2,\"producedMeasuredBytes\":200,\"producedRecords\":2500},"
                + "\"cpuNanos\":1234567890,\"endNanos\":4000000000,\"errors\":{\"measured\":{\"NOT_ENOUGH_REPLICAS\":3},"
                + "\"warmup\":{}},\"final\":false,\"firstMeasuredSendNanos\":1000000000,\"firstRecordNanos\":null,"
                + "\"histograms\":{\"endToEnd\":\"" + empty + "\",\"publish\":\"" + h + "\",\"sendDelay\":\"" + empty
                + "\",\"warmupPublish\":\"" + empty + "\"},\"index\":3,\"lastMeasuredAckNanos\":3999000000,"
                + "\"lastRecordNanos\":null,\"type\":\"interval\"" + extra + "}";
    }

    @Test
    void theFranzGoDriversLinesRead() throws Exception {
        DriverEvent ready = DriverEvent.parse("{\"client\":\"franz-go\",\"clientVersion\":\"v1.22.3\",\"contract\":1,"
                + "\"nanos\":48447572565582,\"pid\":32594,\"type\":\"ready\"}", SOURCE);
        assertThat(ready).isEqualTo(new DriverEvent.Ready(1, 48447572565582L, "franz-go", "v1.22.3", 32594));
        assertThat(DriverEvent.parse("{\"type\":\"producers-finished\"}", SOURCE)).isInstanceOf(DriverEvent.ProducersFinished.class);
        assertThat(DriverEvent.parse("{\"partitions\":3,\"type\":\"assigned\"}", SOURCE)).isEqualTo(new DriverEvent.Assigned(3));
        DriverEvent.Done done = (DriverEvent.Done) DriverEvent.parse("{\"failure\":null,\"faults\":[{\"acknowledged\":950,"
                + "\"failures\":2,\"index\":0,\"publish\":\"" + franzGoHistogram() + "\"}],\"sendLogs\":null,"
                + "\"status\":\"completed\",\"type\":\"done\"}", SOURCE);
        assertThat(done.status()).isEqualTo(DriverEvent.Status.COMPLETED);
        assertThat(done.faults()).singleElement().extracting(DriverEvent.FaultWindow::failures).isEqualTo(2L);
        assertThat(done.faults()).singleElement().extracting(DriverEvent.FaultWindow::acknowledged).isEqualTo(950L);
    }

    /** A roll step's rate comes from a fault window's acknowledged count: a driver that leaves it out is refused. */
    @Test
    void aFaultWindowWithoutItsAcknowledgedCountIsRefused() throws Exception {
        String window = "{\"failure\":null,\"faults\":[{\"failures\":0,\"index\":0,\"publish\":\"" + franzGoHistogram()
                + "\"%s}],\"sendLogs\":null,\"status\":\"completed\",\"type\":\"done\"}";
        assertThatThrownBy(() -> DriverEvent.parse(window.formatted(""), SOURCE)).hasMessageContaining("acknowledged");
        assertThatThrownBy(() -> DriverEvent.parse(window.formatted(",\"acknowledged\":-1"), SOURCE))
                .hasMessageContaining("done.faults.acknowledged");
        String one = "{\"acknowledged\":5,\"failures\":0,\"index\":0,\"publish\":\"" + franzGoHistogram() + "\"}";
        assertThatThrownBy(() -> DriverEvent.parse("{\"failure\":null,\"faults\":[" + one + "," + one
                + "],\"sendLogs\":null,\"status\":\"completed\",\"type\":\"done\"}", SOURCE))
                .hasMessageContaining("done.faults").hasMessageContaining("names a window twice");
    }

    @Test
    void anIntervalCarriesCountsErrorsAndHistogramsOfKbenchsShape() throws Exception {
        DriverInterval interval = (DriverInterval) DriverEvent.parse(interval(""), SOURCE);
        assertThat(interval.index()).isEqualTo(3);
        assertThat(interval.last()).isFalse();
        assertThat(interval.counts().producedRecords()).isEqualTo(2500);
        assertThat(interval.errors().measured()).isEqualTo(Map.of("NOT_ENOUGH_REPLICAS", 3L));
        assertThat(interval.firstRecordNanos()).isNull();
        Histogram publish = interval.histograms().publishHistogram();
        assertThat(publish.getTotalCount()).isEqualTo(2);
        assertThat(publish.getMaxValue()).isBetween(3400L, 3403L);
        assertThat(interval.histograms().endToEndHistogram().getTotalCount()).isZero();
        Histogram franz = EncodedHistogram.decode("publish", franzGoHistogram());
        assertThat(franz.getTotalCount()).as("hdrhistogram-go's encoding decodes").isPositive();
    }

    @Test
    void anEventWrittenByKbenchReadsBackEqual() throws Exception {
        DriverInterval interval = (DriverInterval) DriverEvent.parse(interval(""), SOURCE);
        assertThat(DriverEvent.parse(interval.toJson(), SOURCE)).isEqualTo(interval);
        assertThat(interval.toJson()).startsWith("{\"type\":\"interval\",\"index\":3,").contains("\"final\":false");
    }

    @Test
    void unknownKeysTypesAndMissingKeysAreRefusedNamingTheDriver() {
        assertThatThrownBy(() -> DriverEvent.parse(interval(",\"late\":1"), SOURCE)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(SOURCE + " event: unknown key 'late'");
        assertThatThrownBy(() -> DriverEvent.parse("{\"type\":\"heartbeat\"}", SOURCE))
                .hasMessageStartingWith(SOURCE + " event").hasMessageContaining("heartbeat");
        assertThatThrownBy(() -> DriverEvent.parse("{\"partitions\":3}", SOURCE)).hasMessageStartingWith(SOURCE + " event");
        assertThatThrownBy(() -> DriverEvent.parse("{\"type\":\"assigned\"}", SOURCE)).hasMessageContaining("partitions");
        assertThatThrownBy(() -> DriverEvent.parse(interval("").replace("\"producedMeasured\":2,", "\"producedMeasured\":-2,"), SOURCE))
                .hasMessageContaining("interval.counts: must be at least 0 (got -2)");
        assertThatThrownBy(() -> DriverEvent.parse("{\"failure\":null,\"faults\":[],\"sendLogs\":null,\"status\":\"failed\","
                + "\"type\":\"done\"}", SOURCE)).hasMessageContaining("done.failure: is given exactly when status is failed");
    }

    @Test
    void aHistogramThatIsNotBase64IsRefusedWhenReadAndOneOfAnotherShapeWhenDecoded() {
        assertThatThrownBy(() -> DriverEvent.parse(interval("").replaceFirst("\"publish\":\"[^\"]+\"", "\"publish\":\"%%%\""), SOURCE))
                .hasMessageContaining("interval.histograms.publish: is not base64");
        Histogram other = new Histogram(1, 36_000_000_000L, 3); // ten times kbench's range
        other.recordValue(5);
        ByteBuffer buffer = ByteBuffer.allocate(other.getNeededByteBufferCapacity());
        int n = other.encodeIntoCompressedByteBuffer(buffer);
        String text = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), n));
        assertThatThrownBy(() -> EncodedHistogram.decode("interval.histograms.publish", text))
                .hasMessageStartingWith("interval.histograms.publish: ");
    }

    @Test
    void aLineOverTheLimitIsRefused() {
        String huge = "{\"type\":\"done\",\"failure\":\"" + "x".repeat(ContractJson.MAX_LINE_CHARS) + "\"}";
        assertThatThrownBy(() -> DriverEvent.parse(huge, SOURCE)).hasMessageContaining("over the contract's");
    }
}
