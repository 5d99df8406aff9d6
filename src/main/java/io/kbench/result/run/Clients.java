package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;

/**
 * The clients other than java that sent or read a run's records, each in a driver process (docs/clients.md): what
 * each driver said of itself when it got ready, so a result names the library version that was measured, not the
 * one kbench's sources pin. A side of the Java client is absent (its version is the environment's Kafka clients).
 *
 * @param producers   the producers' driver, or absent when java sent (or nothing was sent)
 * @param consumers   the consumers' driver, or absent when java read (or nothing was read)
 * @param brokerCheck the producers' driver's acknowledged records against the brokers' offsets, or absent (java
 *                    producers, or a run that did not complete)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Clients(Driver producers, Driver consumers, BrokerCheck brokerCheck) {
    /** The drivers without a broker check. */
    public Clients(Driver producers, Driver consumers) {
        this(producers, consumers, null);
    }

    /** The same drivers with {@code check}. */
    public Clients withBrokerCheck(BrokerCheck check) {
        return new Clients(producers, consumers, check);
    }

    /** {@code drivers: producers franz-go v1.22.3 (pid 4711)}: the summary's line naming what was measured. */
    public String line() {
        StringBuilder text = new StringBuilder("drivers:");
        if (producers != null) {
            text.append(" producers ").append(producers.text());
        }
        if (consumers != null) {
            text.append(producers != null ? ";" : "").append(" consumers ").append(consumers.text());
        }
        return text.toString();
    }

    /**
     * One side's driver.
     *
     * @param client        the client, as producers.client spells it ({@code franz-go})
     * @param clientVersion the client library's version, as the driver reported it ({@code v1.22.3})
     * @param pid           the driver's process id on the machine that ran it
     */
    public record Driver(String client, String clientVersion, long pid) {
        public Driver {
            Checks.notBlank("clients.client", client);
            Checks.notBlank("clients.clientVersion", clientVersion);
            Checks.atLeast("clients.pid", pid, 1L);
        }

        private String text() {
            return client + " " + clientVersion + " (pid " + pid + ")";
        }
    }
}
