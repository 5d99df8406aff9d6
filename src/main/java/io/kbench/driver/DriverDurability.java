package io.kbench.driver;

import io.kbench.spec.ClientKind;
import java.util.Map;

/**
 * The producer settings kbench's integrity verdicts rest on (acks, idempotence, requests in flight) as a driver's client
 * resolves them from the workload's properties with its own defaults, written under the Java client's names, so that
 * verification judges a driver's records by what its client did (docs/integrity.md#other-clients). The defaults differ:
 * the Java client and franz-go write idempotently unless told otherwise, librdkafka does not.
 */
public final class DriverDurability {
    static final String ACKS = "acks";
    static final String IDEMPOTENCE = "enable.idempotence";
    static final String IN_FLIGHT = "max.in.flight.requests.per.connection";
    /** librdkafka's default requests in flight per connection (CONFIGURATION.md of librdkafka 2.12). */
    static final String LIBRDKAFKA_IN_FLIGHT = "1000000";

    private DriverDurability() {
    }

    /**
     * {@code acks}, {@code enable.idempotence} and {@code max.in.flight.requests.per.connection} as {@code client}'s
     * driver runs with the workload's producer properties {@code workload} (Java names, docs/clients.md).
     */
    public static Map<String, String> asJava(ClientKind client, Map<String, String> workload) {
        String acks = workload.getOrDefault(ACKS, "all").trim();
        String given = workload.get(IDEMPOTENCE);
        String inFlight = workload.get(IN_FLIGHT);
        boolean idempotent;
        String resolvedInFlight;
        switch (client) {
            case FRANZ_GO -> {
                // The driver's durability() (config.go): idempotent unless acks is not all or it is turned off;
                // idempotent, franz-go keeps 5 requests in flight per broker, else 1 unless set
                // (kgo.MaxProduceRequestsInflightPerBroker).
                boolean allAcks = acks.equals("all") || acks.equals("-1");
                idempotent = given == null ? allAcks : Boolean.parseBoolean(given.trim());
                resolvedInFlight = idempotent ? "5" : inFlight == null ? "1" : inFlight.trim();
            }
            case LIBRDKAFKA -> {
                // enable.idempotence defaults to false; with it, librdkafka lowers the requests in flight to 5.
                idempotent = given != null && Boolean.parseBoolean(given.trim());
                resolvedInFlight = inFlight != null ? inFlight.trim() : idempotent ? "5" : LIBRDKAFKA_IN_FLIGHT;
            }
            default -> throw new IllegalArgumentException("the java client resolves its own settings");
        }
        return Map.of(ACKS, acks, IDEMPOTENCE, String.valueOf(idempotent), IN_FLIGHT, resolvedInFlight);
    }
}
