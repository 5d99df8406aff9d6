package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tiered storage's meters and retention's deletions, from two readings of a broker. */
class RemoteStorageFiguresTest {
    private static final long SECOND = 1_000_000_000L;

    private static Map<String, Double> reading(double fetchBytes, double fetches, double copyBytes, double reads,
                                               double readMeanMs) {
        Map<String, Double> r = new HashMap<>();
        r.put("runtime.StartTime", 1000.0);
        r.put("RemoteFetchBytesPerSec.Count", fetchBytes);
        r.put("RemoteFetchRequestsPerSec.Count", fetches);
        r.put("RemoteFetchErrorsPerSec.Count", 0.0);
        r.put("RemoteCopyBytesPerSec.Count", copyBytes);
        r.put("RemoteCopyRequestsPerSec.Count", copyBytes / (1 << 20));
        r.put(BrokerMBeans.REMOTE_READS + ".Count", reads);
        r.put(BrokerMBeans.REMOTE_READS + ".Mean", readMeanMs);
        return r;
    }

    @Test
    void remoteFetchAndCopyRatesAndTheReadersMeanTime() {
        BrokerFigures f = new BrokerFigures();
        f.update(reading(0, 0, 4 << 20, 0, 0), 0, new Sample("broker-1", 0));
        Sample s = new Sample("broker-1", 2);
        // 2 s: 8 MiB in 16 remote fetches, 2 MiB copied in 2 segments, 16 reads whose mean moved from 0 to 12 ms.
        f.update(reading(8 << 20, 16, 6 << 20, 16, 12), 2 * SECOND, s);

        Map<TelemetryMetric, Double> v = s.values();
        assertThat(v.get(TelemetryMetric.REMOTE_FETCH_MIB_PER_SEC)).isCloseTo(4, within(1e-9));
        assertThat(v.get(TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC)).isCloseTo(8, within(1e-9));
        assertThat(v.get(TelemetryMetric.REMOTE_FETCH_ERRORS_PER_SEC)).isZero();
        assertThat(v.get(TelemetryMetric.REMOTE_COPY_MIB_PER_SEC)).isCloseTo(1, within(1e-9));
        assertThat(v.get(TelemetryMetric.REMOTE_COPY_REQUESTS_PER_SEC)).isCloseTo(1, within(1e-9));
        assertThat(v.get(TelemetryMetric.REMOTE_READ_TIME_MS)).isCloseTo(12, within(1e-9));
    }

    @Test
    void aBrokerWithoutTieredStorageHasNoRemoteSeries() {
        BrokerFigures f = new BrokerFigures();
        f.update(Map.of("runtime.StartTime", 1000.0), 0, new Sample("broker-1", 0));
        Sample s = new Sample("broker-1", 1);
        f.update(Map.of("runtime.StartTime", 1000.0), SECOND, s);
        assertThat(s.values()).doesNotContainKeys(TelemetryMetric.REMOTE_FETCH_MIB_PER_SEC,
                TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC, TelemetryMetric.REMOTE_READ_TIME_MS);
    }

    @Test
    void retentionMovingTheLogStartIsASegmentDelete() {
        BrokerFigures f = new BrokerFigures();
        f.partitions(Map.of("t-0", 4.0, "t-1", 3.0), Map.of("t-0", 0.0, "t-1", 0.0));
        f.update(Map.of(), 0, new Sample("broker-1", 0));
        Sample s = new Sample("broker-1", 1);
        f.partitions(Map.of("t-0", 3.0, "t-1", 4.0), Map.of("t-0", 2096.0, "t-1", 0.0));
        f.update(Map.of(), SECOND, s);

        assertThat(s.events()).filteredOn(e -> e.type() == TelemetryEventType.SEGMENT_DELETE)
                .extracting(TelemetryEvent::detail)
                .containsExactly("t-0: log start offset 0 -> 2,096 (2,096 records deleted)");
    }

    @Test
    void localSegmentsDeletedWithTheLogStartUnchangedAreATieredTopicsLocalCopies() {
        Sample s = new Sample("broker-1", 1);
        SegmentDeletes.events(Map.of("t-0", 0.0), Map.of("t-0", 0.0), Map.of("t-0", 17.0), Map.of("t-0", 2.0), s);
        assertThat(s.events()).extracting(TelemetryEvent::detail).singleElement().asString()
                .startsWith("t-0: 15 local segment(s) deleted, log start offset unchanged");
    }

    @Test
    void nothingOnTheFirstReadingNorWhenNothingMoved() {
        Sample s = new Sample("broker-1", 1);
        SegmentDeletes.events(null, Map.of("t-0", 5.0), null, Map.of("t-0", 2.0), s);
        SegmentDeletes.events(Map.of("t-0", 5.0), Map.of("t-0", 5.0), Map.of("t-0", 2.0), Map.of("t-0", 3.0), s);
        assertThat(s.events()).isEmpty();
    }
}
