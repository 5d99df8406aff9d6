package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run with share-group figures and rebalance windows: both get a section in its report. */
class GroupSectionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String L = """
            {"count": 10, "p50": 1000, "p95": 2000, "p99": 3500, "p999": 4000, "max": 5000, "mean": 1500.0}""";

    @TempDir
    Path tmp;

    @Test
    void shareFiguresAndRebalanceGapsAreShown() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.set("share", JSON.readTree("""
                {"acknowledgement": "explicit", "deliveryCountLimit": 3, "deliveries": 130, "redeliveries": 30,
                 "redelivered": 25, "accepted": 90, "released": 35, "rejected": 6, "archived": 4, "acknowledgeErrors": 0,
                 "firstDeliveryLatencyMicros": %s, "acceptedLatencyMicros": %s, "acknowledgeCommitLatencyMicros": %s,
                 "perConsumer": [{"consumer": 0, "deliveries": 70, "accepted": 50, "recordsPerSec": 50.0},
                                 {"consumer": 1, "deliveries": 60, "accepted": 40, "recordsPerSec": 40.0}],
                 "throughputSpread": {"median": 45.0, "min": 40.0, "max": 50.0, "count": 2}}
                """.formatted(L, L, L)));
        r.set("rebalances", JSON.readTree("""
                {"groupProtocol": "consumer",
                 "baseline": {"atSec": 0, "endSec": 20, "delta": 0, "consumersAfter": 4, "gapMicros": %s,
                              "latencySpikeMicros": %s, "partitions": [{"partition": 0, "gapMicros": 5000, "maxLatencyMicros": 5000}]},
                 "changes": [{"atSec": 20, "endSec": 40, "delta": 2, "consumersAfter": 6, "gapMicros": %s,
                              "latencySpikeMicros": %s, "partitions": [{"partition": 0, "gapMicros": 5000, "maxLatencyMicros": 5000}]}]}
                """.formatted(L, L, L, L)));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        ReportRendererTest.assertSelfContained(html);
        assertThat(html).contains("<h2>Share group</h2>").contains("explicit acknowledgement")
                .contains("released on delivery 3").contains("accepted records/s");
        assertThat(html).contains("<h2>Rebalances (consumer protocol)</h2>").contains("+2 at 20 s").contains("baseline");
    }
}
