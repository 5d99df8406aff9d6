package io.kbench.load;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * The calls kbench compiles against its own Kafka client (4.3.1) that an older client, which kbench may run on
 * ({@code clients.kafkaVersion}, docs/versions.md), does not have. Each is looked up once, by name, so that no class of
 * kbench's names a type the older client lacks (that would fail when the class is loaded, not when the call is made).
 * What the older clients cannot do at all (share groups, the consumer group protocol) is refused before the run, by
 * the workload ({@code ClientsSpec}).
 */
final class ClientCompat {
    /** KIP-1092 (Kafka 4.1): {@code Consumer.close(CloseOptions)}; before it, {@code close(Duration)}. */
    static final String CLOSE_OPTIONS = "org.apache.kafka.clients.consumer.CloseOptions";
    private static final ConsumerClose CLOSE = ConsumerClose.of(CLOSE_OPTIONS);

    private ClientCompat() {
    }

    /** Closes {@code consumer}, leaving its group, within {@code timeout}, by whichever call this client has. */
    static void close(Consumer<?, ?> consumer, Duration timeout) {
        CLOSE.close(consumer, timeout);
    }

    /**
     * How a consumer is closed with a timeout: {@code close(CloseOptions.timeout(t))} when the client has
     * {@code optionsClass}, else the {@code close(Duration)} the 3.x clients have (deprecated from 4.1 on, hence not
     * the first choice). {@code optionsOf} ({@code CloseOptions.timeout}) is null for the latter.
     */
    record ConsumerClose(MethodHandle optionsOf, MethodHandle closeCall) {
        static ConsumerClose of(String optionsClass) {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            try {
                Class<?> type = Class.forName(optionsClass, false, Consumer.class.getClassLoader());
                return new ConsumerClose(lookup.findStatic(type, "timeout", MethodType.methodType(type, Duration.class)),
                        lookup.findVirtual(Consumer.class, "close", MethodType.methodType(void.class, type)));
            } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException olderClient) {
                try {
                    return new ConsumerClose(null,
                            lookup.findVirtual(Consumer.class, "close", MethodType.methodType(void.class, Duration.class)));
                } catch (NoSuchMethodException | IllegalAccessException e) {
                    throw new IllegalStateException("this Kafka client can close a consumer neither with CloseOptions"
                            + " nor with a Duration", e);
                }
            }
        }

        /** Whether this client takes {@code CloseOptions} (4.1 and later). */
        boolean withOptions() {
            return optionsOf != null;
        }

        void close(Consumer<?, ?> consumer, Duration timeout) {
            try {
                if (optionsOf != null) {
                    closeCall.invoke(consumer, optionsOf.invoke(timeout));
                } else {
                    closeCall.invoke(consumer, timeout);
                }
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                // Neither call declares a checked exception; one would be a client bug, passed on unchecked.
                throw new IllegalStateException("closing a consumer: " + e, e);
            }
        }
    }
}
