package io.kbench.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MeasuredCapacityTest {
    static final Path RESULTS = Path.of("src/test/resources/results");

    @Test
    void findMaxGivesPerBrokerRateAndSla() {
        MeasuredCapacity m = MeasuredCapacity.fromResult(RESULTS.resolve("find-max"));
        assertThat(m.kind()).isEqualTo("find-max");
        assertThat(m.sla()).isEqualTo("e2e.p99<200ms");
        assertThat(m.brokers()).isEqualTo(3);
        assertThat(m.perBrokerRecordsPerSec()).isEqualTo(12345.0 / 3);
        assertThat(m.perBrokerMebibytesPerSec()).isEqualTo(11.8 / 3);
        assertThat(m.instanceType()).isEqualTo("m5.xlarge");
        assertThat(m.toBrokerCapacity().source()).contains("findMax.maxRecordsPerSec/maxMebibytesPerSec").contains("SLA e2e.p99<200ms");
    }

    @Test
    void runGivesAchievedProduceRate() {
        MeasuredCapacity m = MeasuredCapacity.fromResult(RESULTS.resolve("run/result.json"));
        assertThat(m.clusterRecordsPerSec()).isEqualTo(60000.0);
        assertThat(m.clusterMebibytesPerSec()).isEqualTo(58.59375);
        assertThat(m.sla()).isNull();
        assertThat(m.label()).isEqualTo("big");
        assertThat(m.metric()).contains("summary.produced");
    }

    @Test
    void aFixedRateRunIsMarkedAsALowerBoundAndAFindMaxIsNot() {
        MeasuredCapacity run = MeasuredCapacity.fromResult(Path.of("src/test/resources/legacy/0.1.0-cf2bc0a/run"));
        assertThat(run.caveat()).contains("fixed rate of 200 records/s").contains("lower bound");
        assertThat(run.toBrokerCapacity().source()).contains("lower bound");
        assertThat(MeasuredCapacity.fromResult(RESULTS.resolve("find-max")).caveat()).isNull();
    }

    @Test
    void sweepTakesTheBestPoint() {
        MeasuredCapacity m = MeasuredCapacity.fromResult(RESULTS.resolve("sweep"));
        assertThat(m.clusterRecordsPerSec()).isEqualTo(45000.0);
        assertThat(m.metric()).contains("batch-64k").contains("points[1]");
    }

    @Test
    void sweepDirectoryWithSpreadsPlansFromTheBestMedian() {
        MeasuredCapacity m = MeasuredCapacity.fromResult(RESULTS.resolve("sweep-spread"));
        assertThat(m.clusterRecordsPerSec()).isEqualTo(20000.0);
        assertThat(m.clusterMebibytesPerSec()).isEqualTo(19.5);
        assertThat(m.brokers()).isEqualTo(1);
        assertThat(m.metric()).contains("acks=1").contains("points[0]");
    }

    @Test
    void missingBrokersNeedsOverride() {
        assertThatThrownBy(() -> MeasuredCapacity.fromResult(RESULTS.resolve("sweep-no-brokers")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.brokers").hasMessageContaining("--result-brokers");
        assertThat(MeasuredCapacity.fromResult(RESULTS.resolve("sweep-no-brokers"), 2).perBrokerRecordsPerSec()).isEqualTo(500.0);
    }

    @Test
    void badResultsAreInputErrors() {
        assertThatThrownBy(() -> MeasuredCapacity.fromResult(RESULTS.resolve("bad-kind")))
                .hasMessageContaining("kind").hasMessageContaining("banana");
        assertThatThrownBy(() -> MeasuredCapacity.fromResult(RESULTS.resolve("nowhere")))
                .hasMessageContaining("fromResult").hasMessageContaining("nowhere");
    }
}
