package io.kbench.distributed;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.kbench.load.SliceWindows;
import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyMetric;
import io.kbench.result.run.Clients;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.WorkloadSpec;
import java.util.List;

/**
 * The messages of the distributed protocol (docs/distributed.md), one JSON object per Kafka record with a
 * {@code type} field. The coordinator writes the first group on the control topic, workers write the second on the
 * results topic. Every message names its run, so messages of other runs sharing the topics are ignored.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Message.Plan.class, name = "plan"),
    @JsonSubTypes.Type(value = Message.Assign.class, name = "assign"),
    @JsonSubTypes.Type(value = Message.Start.class, name = "start"),
    @JsonSubTypes.Type(value = Message.Finish.class, name = "finish"),
    @JsonSubTypes.Type(value = Message.Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = Message.Alive.class, name = "alive"),
    @JsonSubTypes.Type(value = Message.Join.class, name = "join"),
    @JsonSubTypes.Type(value = Message.Heartbeat.class, name = "heartbeat"),
    @JsonSubTypes.Type(value = Message.Interval.class, name = "interval"),
    @JsonSubTypes.Type(value = Message.Done.class, name = "done"),
    @JsonSubTypes.Type(value = Message.ClockProbe.class, name = "clock-probe"),
})
public sealed interface Message {
    /** The run this message belongs to. */
    String runId();

    /** Whether the coordinator writes this message (on the control topic); otherwise a worker does (results topic). */
    default boolean fromCoordinator() {
        return this instanceof Plan || this instanceof Assign || this instanceof Start || this instanceof Finish
                || this instanceof Stop || this instanceof Alive;
    }

    /** The worker that wrote this message, or null for the coordinator's messages and clock probes. */
    default String workerId() {
        return null;
    }

    /**
     * Run ids and worker ids: what kbench generates (a UUID, {@code host-pid}, {@code --id}); anything else comes from
     * a writer that is not kbench and is refused when the message is read, before any of it is used.
     */
    String ID = "[A-Za-z0-9._:-]{1,128}";
    /** The longest id {@link #ID} admits: a worker refuses a longer {@code --id} at start. */
    int MAX_ID_CHARS = 128;

    private static String id(String field, String value) {
        if (value == null || !value.matches(ID)) {
            throw new IllegalArgumentException(field + " must be 1-128 characters of A-Z a-z 0-9 . _ : -");
        }
        return value;
    }

    private static <T> T present(String field, T value) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    private static long notNegative(String field, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0 (got " + value + ")");
        }
        return value;
    }

    /**
     * Coordinator: a run looking for {@code workers} workers; repeated every second until they joined. Kept this small
     * so that a worker of another version still understands it and answers with its version.
     */
    record Plan(String runId, String kbenchVersion, int workers) implements Message {
        public Plan {
            Message.id("runId", runId);
            Message.present("kbenchVersion", kbenchVersion);
            if (workers < 1) {
                throw new IllegalArgumentException("workers must be >= 1 (got " + workers + ")");
            }
        }
    }

    /**
     * Coordinator: the workload, the consumer group and stamp number all slices use, the topic's partition count, and
     * the chosen workers' slices; a worker not named goes back to waiting.
     */
    record Assign(String runId, WorkloadSpec workload, String group, int stampMagic, int partitions, List<Slice> slices)
            implements Message {
        public Assign {
            Message.id("runId", runId);
            Message.present("workload", workload);
            Message.present("group", group);
            if (partitions < 1) {
                throw new IllegalArgumentException("partitions must be >= 1 (got " + partitions + ")");
            }
            slices = List.copyOf(Message.present("slices", slices));
            if (slices.isEmpty()) {
                throw new IllegalArgumentException("slices must not be empty");
            }
        }
    }

    /** One worker's slice: its index and its threads' workload-wide indexes. */
    record Slice(String workerId, int index, int producerFirst, int producerCount, int consumerFirst, int consumerCount) {
        public Slice {
            Message.id("slices[].workerId", workerId);
            Message.notNegative("slices[].index", index);
            Message.notNegative("slices[].producerFirst", producerFirst);
            Message.notNegative("slices[].producerCount", producerCount);
            Message.notNegative("slices[].consumerFirst", consumerFirst);
            Message.notNegative("slices[].consumerCount", consumerCount);
        }
    }

    /** Coordinator: producers start at {@code startNanos}, on the cluster's clock (epoch nanoseconds). */
    record Start(String runId, long startNanos) implements Message {
        public Start {
            Message.id("runId", runId);
            Message.notNegative("startNanos", startNanos);
        }
    }

    /** Coordinator: everything produced was consumed (or waiting gave up): consumers stop, workers report. */
    record Finish(String runId) implements Message {
        public Finish {
            Message.id("runId", runId);
        }
    }

    /** Coordinator: stop the load now (Ctrl-C, a lost or refused worker); {@code reason} is printed by the workers. */
    record Stop(String runId, String reason) implements Message {
        public Stop {
            Message.id("runId", runId);
            Message.present("reason", reason);
        }
    }

    /** Coordinator: still here (every second during a run); a worker that hears nothing for 15 s ends its slice. */
    record Alive(String runId) implements Message {
        public Alive {
            Message.id("runId", runId);
        }
    }

    /** Worker: ready for the plan, with its version and its clock's offset to the cluster's and the bound. */
    record Join(String runId, String workerId, String host, String kbenchVersion, double clockOffsetMicros,
                double clockBoundMicros) implements Message {
        public Join {
            Message.id("runId", runId);
            Message.id("workerId", workerId);
            Message.present("host", host);
            Message.present("kbenchVersion", kbenchVersion);
        }
    }

    /** Worker: alive (every 500 ms from join to done), with what the coordinator's barriers need. */
    record Heartbeat(String runId, String workerId, int assignedPartitions, long producedMeasured, long consumedMeasured,
                     long consumedAll, boolean producersFinished) implements Message {
        public Heartbeat {
            Message.id("runId", runId);
            Message.id("workerId", workerId);
            Message.notNegative("assignedPartitions", assignedPartitions);
            Message.notNegative("producedMeasured", producedMeasured);
            Message.notNegative("consumedMeasured", consumedMeasured);
            Message.notNegative("consumedAll", consumedAll);
        }
    }

    /**
     * Worker: one closed interval: its own point, the counter deltas, and the interval's histograms (microseconds,
     * HdrHistogram compressed, base64), which the coordinator adds exactly.
     */
    record Interval(String runId, String workerId, int index, IntervalPoint point, IntervalCounts counts,
                    String publishHistogram, String endToEndHistogram, String sendDelayHistogram) implements Message {
        public Interval {
            Message.id("runId", runId);
            Message.id("workerId", workerId);
            Message.notNegative("index", index);
            Message.present("point", point);
            Message.present("counts", counts);
            Message.present("publishHistogram", publishHistogram);
            Message.present("endToEndHistogram", endToEndHistogram);
            Message.present("sendDelayHistogram", sendDelayHistogram);
        }

        /** The encoded histogram of {@code metric}; the fields keep their names for the JSON on the results topic. */
        String histogram(LatencyMetric metric) {
            return switch (metric) {
                case PUBLISH -> publishHistogram;
                case END_TO_END -> endToEndHistogram;
                case SEND_DELAY -> sendDelayHistogram;
            };
        }
    }

    /**
     * Worker: its slice ended; its own summary and measured windows on the cluster's clock, and, when a side ran in a
     * driver, what the driver said of itself and each side's CPU (absent for the Java client alone, or a worker of an
     * older build).
     */
    record Done(String runId, String workerId, WorkerStatus status, String failure, Summary summary, SliceWindows windows,
                Clients clients, LoadCpu loadCpu) implements Message {
        public Done {
            Message.id("runId", runId);
            Message.id("workerId", workerId);
            Message.present("status", status);
        }

        /** Without drivers. */
        public Done(String runId, String workerId, WorkerStatus status, String failure, Summary summary,
                    SliceWindows windows) {
            this(runId, workerId, status, failure, summary, windows, null, null);
        }
    }

    /** Anyone: a record written only for its LogAppendTime (clock estimate); ignored by readers. */
    record ClockProbe(String runId) implements Message {
        public ClockProbe {
            Message.id("runId", runId);
        }
    }
}
