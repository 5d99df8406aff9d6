package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.BrokerCheck;
import io.kbench.result.run.Clients;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result naming the drivers that ran: valid against schema/result.schema.json and read back unchanged. */
class ClientsResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    @Test
    void aFranzGoProducerSideIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Clients clients = new Clients(new Clients.Driver("franz-go", "v1.22.3", 4711), null);
        Path file = ResultWriter.write(run(clients), dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/clients/producers/clientVersion").asText()).isEqualTo("v1.22.3");
        assertThat(json.at("/clients").has("consumers")).isFalse();
        assertThat(ResultReader.read(file, RunResult.class).clients()).isEqualTo(clients);
    }

    @Test
    void aBrokerCheckIsValidReadsBackAndSaysWhichWayItMissed(@TempDir Path dir) throws IOException {
        Clients clients = new Clients(new Clients.Driver("librdkafka", "2.12.1", 4711), null, BrokerCheck.of(2200, 2200));
        Path file = ResultWriter.write(run(clients), dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/clients/brokerCheck/brokerRecords").asLong()).isEqualTo(2200);
        assertThat(json.at("/clients/brokerCheck/match").asBoolean()).isTrue();
        assertThat(ResultReader.read(file, RunResult.class).clients()).isEqualTo(clients);
        ((ObjectNode) json.at("/clients/brokerCheck")).remove("match");
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isNotEmpty();
        assertThat(BrokerCheck.of(2200, 2200).line())
                .isEqualTo("broker check: 2,200 records acknowledged = 2,200 written (the topic's end offsets)");
        assertThat(BrokerCheck.of(2200, 2100).line()).isEqualTo("broker check: 2,200 records acknowledged != 2,100"
                + " written (the topic's end offsets): records the driver counted are not on the brokers");
        assertThat(BrokerCheck.of(2200, 2205).match()).isFalse();
    }

    @Test
    void aJavaOnlyRunHasNoClientsSection(@TempDir Path dir) throws IOException {
        JsonNode json = new ObjectMapper().readTree(ResultWriter.write(run(null), dir).toFile());
        assertThat(json.has("clients")).isFalse();
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
    }

    @Test
    void theSchemaRefusesJavaAsADriverAndAnEmptySection(@TempDir Path dir) throws IOException {
        Path file = ResultWriter.write(run(new Clients(null, new Clients.Driver("franz-go", "v1.22.3", 7))), dir);
        ObjectMapper mapper = new ObjectMapper();
        JsonNode json = mapper.readTree(file.toFile());
        ((ObjectNode) json.at("/clients/consumers")).put("client", "java");
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isNotEmpty();
        ((ObjectNode) json).putObject("clients");
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isNotEmpty();
    }

    @Test
    void itsLineNamesEachDriverWithItsVersion() {
        assertThat(new Clients(new Clients.Driver("franz-go", "v1.22.3", 4711), null).line())
                .isEqualTo("drivers: producers franz-go v1.22.3 (pid 4711)");
        assertThat(new Clients(new Clients.Driver("franz-go", "v1.22.3", 4711), new Clients.Driver("franz-go", "v1.22.3", 4712))
                .line()).isEqualTo("drivers: producers franz-go v1.22.3 (pid 4711); consumers franz-go v1.22.3 (pid 4712)");
    }

    @Test
    void aDriverWithoutItsVersionIsRefused() {
        assertThatThrownBy(() -> new Clients.Driver("franz-go", " ", 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("clients.clientVersion");
    }

    private static RunResult run(Clients clients) {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        return RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(7.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .clients(clients).build();
    }
}
