package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The slice, both ways strict: the contract's samples read and written byte for byte, and each kind of bad line refused. */
class DriverSliceTest {
    private static final Path TESTDATA = Path.of("drivers/testdata");

    private static String sample(String name) throws Exception {
        return Files.readString(TESTDATA.resolve(name), StandardCharsets.UTF_8).strip();
    }

    @Test
    void theContractsSamplesReadAndWriteBackByteForByte() throws Exception {
        for (String name : List.of("slice-producers.json", "slice-consumers.json")) {
            String line = sample(name);
            assertThat(DriverSlice.parse(line).toJson()).as(name).isEqualTo(line);
        }
        DriverSlice producers = DriverSlice.parse(sample("slice-producers.json"));
        assertThat(producers.role()).isEqualTo(DriverRole.PRODUCERS);
        assertThat(producers.producers().measuredRecords()).containsExactly(5000L, 5000L);
        assertThat(producers.producers().keys().type()).isEqualTo(SliceKeys.Type.NONE);
        assertThat(DriverSlice.parse(sample("slice-consumers.json")).consumers().group()).isEqualTo("kbench-3f2a9c");
    }

    @Test
    void theBuilderMakesTheSampleSlice() throws Exception {
        SliceProducers producers = SliceProducers.builder().threads(0, 2, 2).ratePerThread(2500)
                .warmup(List.of(500L, 500L), 0, false).measuredRecords(List.of(5000L, 5000L))
                .valuesFiles(List.of("/tmp/kbench-drv-1/values-0.bin", "/tmp/kbench-drv-1/values-1.bin")).build();
        DriverSlice slice = new DriverSlice(1, "kb-3f2a9c", DriverRole.PRODUCERS, "127.0.0.1:9092", "kbench", 1801650177,
                0, 1_000_000_000L, Map.of("acks", "all", "linger.ms", "5", "compression.type", "lz4"), producers, null);
        assertThat(DriverSlice.parse(slice.toJson())).isEqualTo(slice);
        assertThat(slice).isEqualTo(DriverSlice.parse(sample("slice-producers.json")));
    }

    @Test
    void anUnknownKeyIsRefusedWithTheNearestKnownOne() throws Exception {
        String line = sample("slice-producers.json").replace("\"autoWarmup\"", "\"autoWarmupp\"");
        assertThatThrownBy(() -> DriverSlice.parse(line)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("driver slice: unknown key 'producers.autoWarmupp'; did you mean autoWarmup?");
    }

    @Test
    void aMissingKeyOrAWrongTypeIsRefusedNamingTheKey() throws Exception {
        String missing = sample("slice-consumers.json").replace("\"intervalNanos\":1000000000,", "");
        assertThatThrownBy(() -> DriverSlice.parse(missing)).hasMessageContaining("intervalNanos");
        String wrongType = sample("slice-consumers.json").replace("\"count\":1", "\"count\":\"one\"");
        assertThatThrownBy(() -> DriverSlice.parse(wrongType)).hasMessageStartingWith("driver slice: consumers.count")
                .hasMessageContaining("one");
        assertThatThrownBy(() -> DriverSlice.parse("{\"contract\":1,")).hasMessageStartingWith("driver slice: malformed JSON");
        assertThatThrownBy(() -> DriverSlice.parse("[1]")).hasMessageStartingWith("driver slice: one JSON object expected");
    }

    @Test
    void aLineOverTheContractsLimitIsRefusedBeforeItIsRead() {
        String huge = "{\"runId\":\"" + "x".repeat(ContractJson.MAX_LINE_CHARS) + "\"}";
        assertThatThrownBy(() -> DriverSlice.parse(huge)).hasMessageContaining("over the contract's 4194304");
    }

    @Test
    void theSidesMustMatchTheRole() throws Exception {
        String consumersAsProducers = sample("slice-consumers.json").replace("\"role\":\"consumers\"", "\"role\":\"producers\"");
        assertThatThrownBy(() -> DriverSlice.parse(consumersAsProducers))
                .hasMessageContaining("slice.producers: is given exactly when role is producers");
        String otherContract = sample("slice-consumers.json").replace("\"contract\":1", "\"contract\":2");
        assertThatThrownBy(() -> DriverSlice.parse(otherContract))
                .hasMessageContaining("slice.contract: this kbench speaks driver contract 1 (got 2)");
    }

    @Test
    void aProducerSliceIsCheckedAsTheDriverChecksIt() {
        SliceProducers.Builder base = SliceProducers.builder().threads(0, 2, 2).warmup(List.of(0L, 0L), 0, false)
                .valuesFiles(List.of("a", "b"));
        assertThatThrownBy(() -> base.measuredRecords(List.of(1L, 1L)).measuredNanos(5L).build())
                .hasMessageContaining("exactly one of measuredRecords and measuredNanos");
        assertThatThrownBy(() -> base.measuredNanos(null).measuredRecords(List.of(1L)).build())
                .hasMessageContaining("slice.producers.measuredRecords: must list one value per thread of the slice (2)");
        assertThatThrownBy(() -> SliceProducers.builder().threads(1, 2, 2).warmup(List.of(0L, 0L), 0, false)
                .measuredNanos(1L).valuesFiles(List.of("a", "b")).build())
                .hasMessageContaining("slice.producers.total: must cover threads 1..2 (got 2)");
        assertThatThrownBy(() -> new SliceKeys(SliceKeys.Type.INDICES, 10, null))
                .hasMessageContaining("slice.producers.keys.indexFiles: is given exactly when type is indices");
        SliceProducers verified = base.measuredRecords(List.of(1L, 1L)).verify("/tmp/logs").build();
        assertThat(verified.verify()).isTrue();
    }
}
