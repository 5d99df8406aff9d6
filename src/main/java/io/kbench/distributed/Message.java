package io.kbench.distributed;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.kbench.load.SliceWindows;
import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyMetric;
import io.kbench.result.run.IntervalPoint;
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

    /**
     * Coordinator: a run looking for {@code workers} workers; repeated every second until they joined. Kept this small
     * so that a worker of another version still understands it and answers with its version.
     */
    record Plan(String runId, String kbenchVersion, int workers) implements Message {
    }

    /**
     * Coordinator: the workload, the consumer group and stamp number all slices use, the topic's partition count, and
     * the chosen workers' slices; a worker not named goes back to waiting.
     */
    record Assign(String runId, WorkloadSpec workload, String group, int stampMagic, int partitions, List<Slice> slices)
            implements Message {
    }

    /** One worker's slice: its index and its threads' workload-wide indexes. */
    record Slice(String workerId, int index, int producerFirst, int producerCount, int consumerFirst, int consumerCount) {
    }

    /** Coordinator: producers start at {@code startNanos}, on the cluster's clock (epoch nanoseconds). */
    record Start(String runId, long startNanos) implements Message {
    }

    /** Coordinator: everything produced was consumed (or waiting gave up): consumers stop, workers report. */
    record Finish(String runId) implements Message {
    }

    /** Coordinator: stop the load now (Ctrl-C, a lost or refused worker); {@code reason} is printed by the workers. */
    record Stop(String runId, String reason) implements Message {
    }

    /** Coordinator: still here (every second during a run); a worker that hears nothing for 15 s ends its slice. */
    record Alive(String runId) implements Message {
    }

    /** Worker: ready for the plan, with its version and its clock's offset to the cluster's and the bound. */
    record Join(String runId, String workerId, String host, String kbenchVersion, double clockOffsetMicros,
                double clockBoundMicros) implements Message {
    }

    /** Worker: alive (every 500 ms from join to done), with what the coordinator's barriers need. */
    record Heartbeat(String runId, String workerId, int assignedPartitions, long producedMeasured, long consumedMeasured,
                     long consumedAll, boolean producersFinished) implements Message {
    }

    /**
     * Worker: one closed interval: its own point, the counter deltas, and the interval's histograms (microseconds,
     * HdrHistogram compressed, base64), which the coordinator adds exactly.
     */
    record Interval(String runId, String workerId, int index, IntervalPoint point, IntervalCounts counts,
                    String publishHistogram, String endToEndHistogram, String sendDelayHistogram) implements Message {
        /** The encoded histogram of {@code metric}; the fields keep their names for the JSON on the results topic. */
        String histogram(LatencyMetric metric) {
            return switch (metric) {
                case PUBLISH -> publishHistogram;
                case END_TO_END -> endToEndHistogram;
                case SEND_DELAY -> sendDelayHistogram;
            };
        }
    }

    /** Worker: its slice ended; its own summary and measured windows on the cluster's clock. */
    record Done(String runId, String workerId, WorkerStatus status, String failure, Summary summary, SliceWindows windows)
            implements Message {
    }

    /** Anyone: a record written only for its LogAppendTime (clock estimate); ignored by readers. */
    record ClockProbe(String runId) implements Message {
    }
}
