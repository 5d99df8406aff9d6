package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What kbench hands one driver process: the first line of its standard input (docs/drivers.md, "The slice"), checked
 * here as the driver checks it, so kbench never sends a slice a driver must refuse. One side per process: a producer
 * slice has {@code producers} and no {@code consumers}, a consumer slice the reverse.
 *
 * @param contract         the contract version, {@link #CONTRACT}
 * @param runId            the run's id, for the driver's log and client ids
 * @param role             which side the process serves
 * @param bootstrap        {@code host:port[,host:port]}
 * @param topic            the topic kbench created
 * @param stampMagic       the run's stamp number (signed 32-bit)
 * @param clockOffsetNanos added to every CLOCK_MONOTONIC reading (0 on a local run)
 * @param intervalNanos    the report interval
 * @param clientProperties the client's own options, already mapped ({@link DriverProperties})
 * @param producers        the producer threads of a producer slice, else null
 * @param consumers        the consumers of a consumer slice, else null
 */
@JsonPropertyOrder({"contract", "runId", "role", "bootstrap", "topic", "stampMagic", "clockOffsetNanos", "intervalNanos",
    "clientProperties", "producers", "consumers"})
public record DriverSlice(@JsonProperty(required = true) int contract, @JsonProperty(required = true) String runId,
                          @JsonProperty(required = true) DriverRole role, @JsonProperty(required = true) String bootstrap,
                          @JsonProperty(required = true) String topic, @JsonProperty(required = true) int stampMagic,
                          @JsonProperty(required = true) long clockOffsetNanos,
                          @JsonProperty(required = true) long intervalNanos,
                          @JsonProperty(required = true) Map<String, String> clientProperties,
                          SliceProducers producers, SliceConsumers consumers) {
    /** The contract version this kbench speaks; a driver of another version is refused. */
    public static final int CONTRACT = 1;
    private static final Pattern BOOTSTRAP = Pattern.compile("[^,:\\s]+:\\d{1,5}(,[^,:\\s]+:\\d{1,5})*");

    public DriverSlice {
        if (contract != CONTRACT) {
            throw InvalidInputException.field("slice.contract", contract, "this kbench speaks driver contract " + CONTRACT);
        }
        Checks.notBlank("slice.runId", runId);
        if (role == null) {
            throw InvalidInputException.field("slice.role", null, "must be producers or consumers");
        }
        if (bootstrap == null || !BOOTSTRAP.matcher(bootstrap).matches()) {
            throw InvalidInputException.field("slice.bootstrap", bootstrap, "must be host:port[,host:port]");
        }
        Checks.notBlank("slice.topic", topic);
        if (intervalNanos <= 0) {
            throw InvalidInputException.field("slice.intervalNanos", intervalNanos, "must be positive");
        }
        if (clientProperties == null) {
            throw InvalidInputException.field("slice.clientProperties", null, "must be an object (empty for none)");
        }
        // In the order given: a slice reads back as it was written.
        clientProperties = Collections.unmodifiableMap(new LinkedHashMap<>(clientProperties));
        if ((role == DriverRole.PRODUCERS) != (producers != null)) {
            throw InvalidInputException.field("slice.producers", producers == null ? "null" : "an object",
                    "is given exactly when role is producers (role is " + role.text() + ")");
        }
        if ((role == DriverRole.CONSUMERS) != (consumers != null)) {
            throw InvalidInputException.field("slice.consumers", consumers == null ? "null" : "an object",
                    "is given exactly when role is consumers (role is " + role.text() + ")");
        }
    }

    /** A slice as a driver reads it: one line, strictly ({@link ContractJson}). */
    public static DriverSlice parse(String line) {
        return ContractJson.read(line, DriverSlice.class, "driver slice");
    }

    /** The slice as the first line of a driver's standard input, without the newline. */
    public String toJson() {
        return ContractJson.write(this);
    }

    /**
     * The consumers of a consumer slice.
     *
     * @param first the first consumer index of this slice
     * @param count consumers in this slice, each its own client instance in the group
     * @param group the consumer group id
     */
    @JsonPropertyOrder({"first", "count", "group"})
    public record SliceConsumers(@JsonProperty(required = true) int first, @JsonProperty(required = true) int count,
                                 @JsonProperty(required = true) String group) {
        public SliceConsumers {
            Checks.atLeast("slice.consumers.first", first, 0);
            Checks.between("slice.consumers.count", count, 1, 1024);
            Checks.notBlank("slice.consumers.group", group);
        }
    }
}
