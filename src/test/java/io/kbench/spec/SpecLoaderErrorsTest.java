package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a workload file may not be: strict YAML, and values no run can have, each named in one line. */
class SpecLoaderErrorsTest extends WorkloadFilesTestBase {
    // ---- strict YAML ----

    @Test
    void unknownKeyNamesThePathAndTheKnownKeys() {
        rejects("producers:\n  rat: 5000\n")
                .hasMessageContaining("unknown key 'producers.rat'").hasMessageContaining("rate");
        rejects("topic:\n  partitons: 3\n").hasMessageContaining("topic.partitons");
        rejects("colour: blue\n").hasMessageContaining("'colour'");
    }

    @Test
    void wrongTypeNamesTheFieldAndValue() {
        rejects("topic:\n  partitions: abc\n").hasMessageContaining("topic.partitions").hasMessageContaining("abc");
        rejects("producers:\n  duration: 30\n").hasMessageContaining("producers.duration");
        rejects("producers:\n  duration: soon\n").hasMessageContaining("producers.duration").hasMessageContaining("soon");
        rejects("consumers:\n  mode: sometimes\n").hasMessageContaining("consumers.mode").hasMessageContaining("sometimes");
        rejects("topic:\n  create: yes please\n").hasMessageContaining("topic.create");
        rejects("producers:\n  properties: 5\n").hasMessageContaining("producers.properties");
    }

    @Test
    void floatForIntIsRejected() {
        rejects("topic:\n  partitions: 6.5\n").hasMessageContaining("topic.partitions");
        rejects("producers:\n  recordSize: 100.0\n").hasMessageContaining("producers.recordSize");
    }

    @Test
    void duplicateKeyIsRejected() {
        rejects("topic:\n  partitions: 3\n  partitions: 4\n").hasMessageContaining("partitions");
    }

    @Test
    void malformedYamlNamesTheLine() {
        rejects("topic:\n  partitions: 3\n producers: [\n").hasMessageContaining("line 3").hasMessageContaining("malformed YAML");
    }

    @Test
    void nonMappingFileIsRejected() {
        rejects("- a\n- b\n").hasMessageContaining("must be a YAML mapping").hasMessageContaining("array");
        rejects("just text\n").hasMessageContaining("must be a YAML mapping");
    }

    @Test
    void missingFileIsRejected() {
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> new SpecLoader().load(missing, List.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("workload file not found").hasMessageContaining(missing.toString());
    }

    @Test
    void errorsNameTheSourceFile() throws IOException {
        Path f = file("topic:\n  partitions: abc\n");
        assertThatThrownBy(() -> new SpecLoader().load(f, List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith(f.toString());
    }

    // ---- impossible values ----

    @Test
    void zeroPartitions() {
        assertThatThrownBy(() -> quickstart("topic.partitions=0")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("topic.partitions").hasMessageContaining("got 0");
    }

    @Test
    void negativeAndZeroRecordSize() {
        assertThatThrownBy(() -> quickstart("producers.recordSize=-5")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.recordSize").hasMessageContaining("got -5");
        assertThatThrownBy(() -> quickstart("producers.recordSize=0", "consumers.mode=none"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.recordSize").hasMessageContaining("got 0");
    }

    @Test
    void zeroOrNegativeRate() {
        assertThatThrownBy(() -> quickstart("producers.rate=0")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.rate").hasMessageContaining("got 0");
        assertThatThrownBy(() -> quickstart("producers.rate=-3")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.rate").hasMessageContaining("got -3");
    }

    @Test
    void unlimitedRateIsMinusOneOrAbsent() {
        assertThat(quickstart("producers.rate=-1").producers().unlimitedRate()).isTrue();
    }

    @Test
    void recordsAndDurationTogether() {
        assertThatThrownBy(() -> quickstart("producers.records=1000")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers").hasMessageContaining("records and duration");
    }

    @Test
    void keyCountWithoutKeys() {
        assertThatThrownBy(() -> quickstart("producers.keys.count=5")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.keys.count").hasMessageContaining("got 5");
    }

    @Test
    void compressibilityOutOfRange() {
        assertThatThrownBy(() -> quickstart("producers.payload.compressibility=1.5"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.payload.compressibility").hasMessageContaining("got 1.5");
    }

    @Test
    void liveConsumersNeedRoomForTheStamp() {
        assertThatThrownBy(() -> quickstart("producers.recordSize=8")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.recordSize").hasMessageContaining("got 8").hasMessageContaining("16");
        assertThat(quickstart("producers.recordSize=16").producers().recordSize().bytes()).isEqualTo(16);
        assertThat(quickstart("producers.recordSize=8", "consumers.mode=none").producers().recordSize().bytes()).isEqualTo(8);
    }

    @Test
    void backlogNeedsProducerRecords() throws IOException {
        assertThatThrownBy(() -> quickstart("consumers.mode=backlog")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.records").hasMessageContaining("got nothing");
        WorkloadSpec ok = load("producers: {records: 100000}\nconsumers: {mode: backlog}\n");
        assertThat(ok.producers().records()).isEqualTo(100_000L);
    }

    @Test
    void existingTopicWithoutProducers() throws IOException {
        WorkloadSpec s = load("""
                topic: {name: orders, create: false}
                producers: {count: 0}
                consumers: {mode: backlog, records: 1000000, count: 3}
                """);
        assertThat(s.producers().count()).isZero();
        assertThat(s.consumers().records()).isEqualTo(1_000_000L);
        rejects("producers: {count: 0}\nconsumers: {mode: backlog}\n")
                .hasMessageContaining("consumers.records").hasMessageContaining("got nothing");
        rejects("producers: {count: 0}\n").hasMessageContaining("producers.count").hasMessageContaining("got 0");
    }

    @Test
    void otherRangeChecks() {
        assertThatThrownBy(() -> quickstart("topic.replicationFactor=0")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("topic.replicationFactor").hasMessageContaining("got 0");
        assertThatThrownBy(() -> quickstart("topic.name=bad name")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("topic.name").hasMessageContaining("bad name");
        assertThatThrownBy(() -> quickstart("producers.duration=0s")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.duration").hasMessageContaining("0s");
        assertThatThrownBy(() -> quickstart("reportInterval=50ms")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("reportInterval").hasMessageContaining("50ms");
        assertThatThrownBy(() -> quickstart("cluster.brokers=10")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("cluster.brokers").hasMessageContaining("got 10");
        assertThatThrownBy(() -> quickstart("producers.recordSize.min=100"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("producers.recordSize");
    }
}
