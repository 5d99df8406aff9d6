package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cluster.EmbeddedKafka;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scale-out under load on real brokers: a third broker joins a running 2-broker cluster and the topic is spread over
 * all three (throttled) while acks=all records flow; result.json records the join and the move, and verification
 * finds nothing lost or duplicated. @EmbeddedKafka checks that no broker (the added one included) is left running.
 */
// Timing-sensitive: the added broker's JVM must start within the window (pom.xml, failsafe "timing-its").
@Tag("timing")
@EmbeddedKafka
class ReassignIT {
    @TempDir
    Path results;

    @Test
    void aReassignmentToAnAddedBrokerCompletesUnderLoadWithNothingLostOrDuplicated() throws IOException {
        // The window leaves room for the new broker's JVM start and registration (~6 s on a quiet machine, 8 s at load 30).
        Path w = Files.writeString(results.resolve("reassign.yaml"), """
                name: it-reassign
                topic: {name: it-reassign, partitions: 3, replicationFactor: 2, configs: {min.insync.replicas: "2"}}
                producers:
                  count: 1
                  rate: 500
                  duration: 20s
                  warmupDuration: 1s
                  recordSize: 512
                  properties: {acks: all, enable.idempotence: "true", linger.ms: 1}
                consumers: {mode: none}
                verify: true
                cluster: {brokers: 2}
                faults:
                  - {at: 1s, action: add-broker}
                  - {at: 1s, action: reassign, throttle: 10MiB/s}
                """);
        CliRun run = CliRun.of("run", w.toString(), "--results-dir", results.toString(), "--no-telemetry");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        JsonNode result = new ObjectMapper().readTree(RunIT.onlyRunDir(results).resolve("result.json").toFile());
        JsonNode add = result.at("/faults/0");
        assertThat(add.path("brokerId").asInt()).as(run.transcript()).isEqualTo(3);
        assertThat(add.has("error")).as(run.transcript()).isFalse();
        assertThat(add.get("endSec").asDouble()).as("joined").isGreaterThan(add.get("startSec").asDouble());

        JsonNode move = result.at("/faults/1");
        assertThat(move.has("error")).as(run.transcript()).isFalse();
        JsonNode figures = move.get("reassignment");
        assertThat(figures).as("the move fired: " + run.transcript()).isNotNull();
        // Spread over brokers 1-3 with RF 2: partitions 1 and 2 gain a replica on broker 3, partition 0 stays.
        assertThat(figures.get("partitions").asInt()).as(run.transcript()).isEqualTo(2);
        assertThat(figures.get("replicasAdded").asInt()).isEqualTo(2);
        assertThat(figures.get("toBrokers").toString()).isEqualTo("[3]");
        assertThat(figures.get("throttleBytesPerSec").asLong()).isEqualTo(10L * 1024 * 1024);
        assertThat(figures.has("movedSec")).as("completed inside the run: " + run.transcript()).isTrue();
        assertThat(figures.get("bytesMoved").asLong()).as("the new replicas hold the records").isPositive();
        assertThat(move.get("endSec").asDouble()).isGreaterThanOrEqualTo(move.get("startSec").asDouble());
        assertThat(move.at("/publishLatencyMicros/count").asLong()).as("records sent during the move").isPositive();
        assertThat(move.get("failedRecords").asLong()).isZero();

        JsonNode integrity = result.get("integrity");
        assertThat(integrity.get("verdict").asText()).as(run.transcript()).isEqualTo("ok");
        assertThat(integrity.at("/lost/count").asLong()).isZero();
        assertThat(integrity.at("/duplicated/count").asLong()).isZero();
        assertThat(integrity.get("acknowledged").asLong()).isPositive();
        assertThat(integrity.get("acknowledgedFound").asLong()).isEqualTo(integrity.get("acknowledged").asLong());

        // The new broker created the moved replicas (its own log, kept with the result).
        String log = Files.readString(RunIT.onlyRunDir(results).resolve("broker-logs").resolve("broker-3.log"));
        assertThat(log).contains("Created log for partition it-reassign-1 ").contains("Created log for partition it-reassign-2 ")
                .doesNotContain("Created log for partition it-reassign-0 ");
        assertThat(run.stdout()).contains("fault 0: add-broker broker 3 at ").contains("fault 1: reassign at ")
                .containsPattern("fault 1: reassign at [0-9.]+s-[0-9.]+s, moved 2 partitions \\(2 replicas to broker 3, ");
    }
}
