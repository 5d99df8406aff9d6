package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.junit.jupiter.api.Test;

/**
 * Closing a consumer on whichever call its client has: {@code CloseOptions} on kbench's own client (4.3.1), the
 * {@code close(Duration)} of the 3.x clients when the options class is absent (here: a class name no client has, so
 * both paths run on the one client this test JVM holds; ClientVersionIT runs the second on a real 3.9.1 client).
 */
class ClientCompatTest {
    @Test
    void kbenchsOwnClientClosesWithCloseOptions() {
        ClientCompat.ConsumerClose close = ClientCompat.ConsumerClose.of(ClientCompat.CLOSE_OPTIONS);
        assertThat(close.withOptions()).isTrue();
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        close.close(consumer, Duration.ofSeconds(1));
        assertThat(consumer.closed()).isTrue();
    }

    @Test
    void aClientWithoutCloseOptionsClosesWithADuration() {
        ClientCompat.ConsumerClose close = ClientCompat.ConsumerClose.of("org.apache.kafka.clients.consumer.NoSuchOptions");
        assertThat(close.withOptions()).isFalse();
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        close.close(consumer, Duration.ofSeconds(1));
        assertThat(consumer.closed()).isTrue();
    }

    @Test
    void theRunsCloseIsTheOneOfTheClientOnTheClassPath() {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        ClientCompat.close(consumer, Duration.ZERO);
        assertThat(consumer.closed()).isTrue();
    }
}
