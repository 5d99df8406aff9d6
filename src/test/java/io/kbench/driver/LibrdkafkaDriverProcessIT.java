package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.EmbeddedKafka;
import io.kbench.spec.ClientKind;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link DriverSupervision} with the librdkafka driver, taken from kbench's build cache as LibrdkafkaDriverIT explains;
 * skipped until {@code ./kbench drivers build librdkafka}.
 */
@EmbeddedKafka
class LibrdkafkaDriverProcessIT extends DriverSupervision {
    private static DriverBinary binary;

    @BeforeAll
    static void built() {
        Optional<DriverBinary> built = Toolchain.find(ClientKind.LIBRDKAFKA).present()
                ? DriverBuild.standard().built(ClientKind.LIBRDKAFKA) : Optional.empty();
        assumeTrue(built.isPresent(), "the librdkafka driver of these sources is not built: ./kbench drivers build librdkafka");
        binary = built.get();
    }

    @Override
    ClientKind kind() {
        return ClientKind.LIBRDKAFKA;
    }

    @Override
    DriverBinary driverBinary() {
        return binary;
    }

    @Override
    String clientVersion() {
        return "2.12.1";
    }

    @Override
    Map<String, String> javaProperties() {
        return Map.of("acks", "all", "linger.ms", "1", "buffer.memory", "33554432");
    }

    @Override
    void checkMapped(Map<String, String> mapped) {
        assertThat(mapped).containsEntry("queue.buffering.max.kbytes", "32768").containsEntry("partitioner", "murmur2_random");
    }
}
