package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.EmbeddedKafka;
import io.kbench.spec.ClientKind;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;

/**
 * The librdkafka driver (drivers/librdkafka) by {@link DriverRoundTrip}. The driver is taken from kbench's build cache:
 * a cold build compiles librdkafka's C sources (minutes), so this class runs once {@code ./kbench drivers build
 * librdkafka} has built the current sources, and is skipped otherwise (not part of the default build yet).
 */
@EmbeddedKafka
class LibrdkafkaDriverIT extends DriverRoundTrip {
    private static Path binary;

    @BeforeAll
    static void built() {
        Optional<DriverBinary> built = Toolchain.find(ClientKind.LIBRDKAFKA).present()
                ? DriverBuild.standard().built(ClientKind.LIBRDKAFKA) : Optional.empty();
        assumeTrue(built.isPresent(), "the librdkafka driver of these sources is not built: ./kbench drivers build librdkafka");
        binary = built.get().executable();
        assertThat(built.get().version().clientVersion()).isEqualTo("2.12.1");
    }

    @Override
    String client() {
        return "librdkafka";
    }

    @Override
    Path binary() {
        return binary;
    }

    @Override
    Map<String, String> producerProperties() {
        // librdkafka's own default partitioner differs from Java's for keyed records; kbench sets Java's.
        return Map.of("acks", "all", "linger.ms", "1", "partitioner", "murmur2_random");
    }

    @Override
    Map<String, String> consumerProperties() {
        return Map.of("fetch.wait.max.ms", "100");
    }
}
