package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.List;

/**
 * One line a driver writes on its standard output (docs/drivers.md, "Events"), read strictly: a driver that writes an
 * unknown key, leaves out a required one or writes a line over {@link ContractJson#MAX_LINE_CHARS} is a driver kbench
 * cannot trust, and the run fails naming it rather than guess.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = DriverEvent.Ready.class, name = "ready"),
    @JsonSubTypes.Type(value = DriverEvent.Assigned.class, name = "assigned"),
    @JsonSubTypes.Type(value = DriverInterval.class, name = "interval"),
    @JsonSubTypes.Type(value = DriverEvent.ProducersFinished.class, name = "producers-finished"),
    @JsonSubTypes.Type(value = DriverEvent.Done.class, name = "done")})
public sealed interface DriverEvent permits DriverEvent.Ready, DriverEvent.Assigned, DriverInterval,
        DriverEvent.ProducersFinished, DriverEvent.Done {

    /**
     * One event line; {@code source} names the driver in the error ({@code driver franz-go (pid 4711)}). The error is an
     * input error of the line; the process supervisor turns it into the run's failure.
     */
    static DriverEvent parse(String line, String source) {
        return ContractJson.read(line, DriverEvent.class, source + " event");
    }

    /** The event as a driver writes it (tests and script drivers). */
    default String toJson() {
        return ContractJson.write(this);
    }

    /**
     * The first line: connected, slice accepted.
     *
     * @param contract      the contract version the driver speaks
     * @param nanos         a reading of its clock, checked against kbench's around the round trip
     * @param client        the client's name, as {@code producers.client} spells it
     * @param clientVersion the client library's version
     * @param pid           the driver's process id
     */
    @JsonPropertyOrder({"contract", "nanos", "client", "clientVersion", "pid"})
    record Ready(@JsonProperty(required = true) int contract, @JsonProperty(required = true) long nanos,
                 @JsonProperty(required = true) String client, @JsonProperty(required = true) String clientVersion,
                 @JsonProperty(required = true) long pid) implements DriverEvent {
        public Ready {
            Checks.notBlank("ready.client", client);
            Checks.notBlank("ready.clientVersion", clientVersion);
            Checks.atLeast("ready.pid", pid, 1L);
        }
    }

    /** Consumers: the partitions this slice's consumers hold now, after each change of the group's assignment. */
    record Assigned(@JsonProperty(required = true) int partitions) implements DriverEvent {
        public Assigned {
            Checks.atLeast("assigned.partitions", partitions, 0);
        }
    }

    /** Every producer thread of the slice ended and its records are acknowledged or failed. */
    record ProducersFinished() implements DriverEvent {
    }

    /** How a slice ended. */
    enum Status {
        @JsonProperty("completed") COMPLETED,
        @JsonProperty("stopped") STOPPED,
        @JsonProperty("failed") FAILED
    }

    /**
     * The last line.
     *
     * @param status   how the slice ended
     * @param failure  one line when failed, else null
     * @param sendLogs the send log files (verify), else null
     * @param faults   per fault window: the publish latency of its measured records and how many failed
     */
    @JsonPropertyOrder({"status", "failure", "sendLogs", "faults"})
    record Done(@JsonProperty(required = true) Status status, String failure, List<String> sendLogs,
                @JsonProperty(required = true) List<FaultWindow> faults) implements DriverEvent {
        public Done {
            if (status == null) {
                throw InvalidInputException.field("done.status", null, "must be completed, stopped or failed");
            }
            if ((status == Status.FAILED) != (failure != null)) {
                throw InvalidInputException.field("done.failure", failure, "is given exactly when status is failed");
            }
            sendLogs = sendLogs == null ? null : List.copyOf(sendLogs);
            faults = faults == null ? List.of() : List.copyOf(faults);
            // Each window once: a repeated index would add its counts twice.
            if (faults.stream().map(FaultWindow::index).distinct().count() != faults.size()) {
                throw InvalidInputException.field("done.faults", faults.size() + " windows", "names a window twice");
            }
        }
    }

    /**
     * One fault window's figures in {@code done}.
     *
     * @param index    the window (0..63)
     * @param publish  the publish latency of the measured records intended inside it (an .hlog payload)
     * @param failures how many of them failed
     * @param acknowledged the measured records acknowledged inside it, by acknowledgement time (a roll step's rate)
     */
    @JsonPropertyOrder({"index", "publish", "failures", "acknowledged"})
    record FaultWindow(@JsonProperty(required = true) int index, @JsonProperty(required = true) String publish,
                       @JsonProperty(required = true) long failures,
                       @JsonProperty(required = true) long acknowledged) {
        public FaultWindow {
            Checks.between("done.faults.index", index, 0, 63);
            EncodedHistogram.checkBase64("done.faults.publish", publish);
            Checks.atLeast("done.faults.failures", failures, 0L);
            Checks.atLeast("done.faults.acknowledged", acknowledged, 0L);
        }
    }
}
