package io.kbench.driver;

import io.kbench.error.Checks;
import java.util.Objects;

/**
 * One row of a client's property table (docs/clients.md): a Kafka property name as kbench's workloads and connection
 * properties spell it (the Java client's), the name the driver takes, and how the value is converted.
 *
 * @param javaName   the Kafka (Java client) name a workload gives, e.g. {@code fetch.max.wait.ms}
 * @param nativeName the driver's name, e.g. librdkafka's {@code fetch.wait.max.ms}; for {@link Conversion#CREDENTIALS}
 *                   the prefix of the two names ({@code sasl.}: {@code sasl.username}, {@code sasl.password})
 * @param scope      where the name may be given
 * @param conversion how the value becomes the driver's
 */
public record PropertyMapping(String javaName, String nativeName, Scope scope, Conversion conversion) {
    /** Where a name may be given: a producer's or a consumer's properties, or the connection (either side). */
    public enum Scope {
        PRODUCER, CONSUMER, CONNECTION;

        boolean serves(DriverRole role) {
            return this == CONNECTION || (this == PRODUCER) == (role == DriverRole.PRODUCERS);
        }
    }

    public PropertyMapping {
        Checks.notBlank("javaName", javaName);
        Checks.notBlank("nativeName", nativeName);
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(conversion, "conversion");
    }
}
