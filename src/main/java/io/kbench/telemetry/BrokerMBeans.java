package io.kbench.telemetry;

import java.util.ArrayList;
import java.util.List;
import javax.management.ObjectName;

/**
 * The Kafka and JVM MBeans a broker is read from, named once (checked against a Kafka 4.3.1 broker: see
 * docs/telemetry.md). Each probe reads some attributes of one MBean in one remote call.
 */
final class BrokerMBeans {
    /** Request types whose timings are sampled, as Kafka's RequestMetrics name them. */
    static final List<String> REQUESTS = List.of("Produce", "FetchConsumer");
    /** RequestMetrics histograms (whole milliseconds), in the order of TelemetryMetric's PRODUCE_* and FETCH_*. */
    static final List<String> REQUEST_TIMES = List.of("TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs",
            "RemoteTimeMs", "ResponseQueueTimeMs", "ResponseSendTimeMs");
    static final ObjectName GARBAGE_COLLECTORS = JmxBrokerSource.name("java.lang:type=GarbageCollector,name=*");
    static final ObjectName MEMORY = JmxBrokerSource.name("java.lang:type=Memory");
    static final String[] GC_ATTRIBUTES = {"CollectionCount", "CollectionTime"};

    /**
     * Each network processor's Selector metrics: {@code io-wait-time-ns-total} is a cumulative count of the nanoseconds
     * it waited in select(), so its rate is the processor's idle share over exactly the interval. The
     * NetworkProcessorAvgIdlePercent gauge averages Kafka's windowed {@code io-wait-ratio} instead, whose Rate divides
     * by at least (samples - 1) x 30 s: for the first minute after a broker starts it reads far too busy.
     */
    static final ObjectName NETWORK_PROCESSORS =
            JmxBrokerSource.name("kafka.server:type=socket-server-metrics,listener=*,networkProcessor=*");
    static final String IO_WAIT_TOTAL = "io-wait-time-ns-total";
    /** Reading keys of one processor's io wait total, followed by {@code listener/processor}. */
    static final String IO_WAIT_PREFIX = "ioWait:";

    /**
     * How long after start the gauge can be believed when the per-processor totals are missing (an older broker):
     * Kafka's default metrics.num.samples (2) x metrics.sample.window.ms (30 s).
     */
    static final double NETWORK_GAUGE_TRUSTED_AFTER_MS = 60_000;

    /** KIP-405's broker-wide meters, in the order of TelemetryMetric's REMOTE_* rates. */
    static final List<String> REMOTE_METERS = List.of("RemoteFetchBytesPerSec", "RemoteFetchRequestsPerSec",
            "RemoteFetchErrorsPerSec", "RemoteCopyBytesPerSec", "RemoteCopyRequestsPerSec");
    /** The remote log reader's timer: one entry per read of a remote segment, in milliseconds. */
    static final String REMOTE_READS = "remoteReads";

    private static final String[] COUNT = {"Count"};
    private static final String[] COUNT_MEAN = {"Count", "Mean"};
    private static final String[] VALUE = {"Value"};

    /** One MBean and the attributes read from it; values are keyed {@code key.attribute}. */
    record Probe(String key, ObjectName name, String[] attributes) {
    }

    private final List<Probe> probes = new ArrayList<>();
    private final ObjectName segmentCounts;
    private final ObjectName logStartOffsets;

    /** {@code topic}: the workload's topic, whose partitions' segment counts give segment-roll events; null: none. */
    BrokerMBeans(String topic) {
        add("os", "java.lang:type=OperatingSystem", "ProcessCpuTime");
        add("runtime", "java.lang:type=Runtime", "StartTime", "Uptime");
        add("handlerIdle", "kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent", COUNT);
        // Kafka 4.x: the broker's own pool. The one above spans every pool of the process, so on a combined
        // broker+controller node it averages in the (mostly idle) controller handlers.
        add("brokerHandlerIdle", "kafka.server:type=KafkaRequestHandlerPool,name=BrokerRequestHandlerAvgIdlePercent",
                COUNT);
        add("networkIdle", "kafka.network:type=SocketServer,name=NetworkProcessorAvgIdlePercent", VALUE);
        for (String request : REQUESTS) {
            for (String time : REQUEST_TIMES) {
                add(request + "." + time, "kafka.network:type=RequestMetrics,name=" + time + ",request=" + request,
                        COUNT_MEAN);
            }
        }
        add("bytesIn", "kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec", COUNT);
        add("bytesOut", "kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec", COUNT);
        add("messagesIn", "kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec", COUNT);
        add("flush", "kafka.log:type=LogFlushStats,name=LogFlushRateAndTimeMs", COUNT_MEAN);
        add("underReplicated", "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", VALUE);
        add("underMinIsr", "kafka.server:type=ReplicaManager,name=UnderMinIsrPartitionCount", VALUE);
        add("leaders", "kafka.server:type=ReplicaManager,name=LeaderCount", VALUE);
        add("isrShrinks", "kafka.server:type=ReplicaManager,name=IsrShrinksPerSec", COUNT);
        add("isrExpands", "kafka.server:type=ReplicaManager,name=IsrExpandsPerSec", COUNT);
        add("purgatory", "kafka.server:type=DelayedOperationPurgatory,name=PurgatorySize,delayedOperation=Produce", VALUE);
        // Tiered storage (KIP-405; registered only on brokers with remote.log.storage.system.enable): what was read
        // from and copied to remote storage, and how long the remote log reader threads took per read.
        for (String remote : REMOTE_METERS) {
            add(remote, "kafka.server:type=BrokerTopicMetrics,name=" + remote, COUNT);
        }
        add(REMOTE_READS, "kafka.log.remote:type=RemoteLogManager,name=RemoteLogReaderFetchRateAndTimeMs", COUNT_MEAN);
        segmentCounts = topic == null ? null
                : JmxBrokerSource.name("kafka.log:type=Log,name=NumLogSegments,topic=" + topic + ",partition=*");
        logStartOffsets = topic == null ? null
                : JmxBrokerSource.name("kafka.log:type=Log,name=LogStartOffset,topic=" + topic + ",partition=*");
    }

    private void add(String key, String name, String... attributes) {
        probes.add(new Probe(key, JmxBrokerSource.name(name), attributes));
    }

    List<Probe> probes() {
        return probes;
    }

    /** The pattern of the workload topic's per-partition NumLogSegments gauges, or null. */
    ObjectName segmentCounts() {
        return segmentCounts;
    }

    /** The pattern of the workload topic's per-partition LogStartOffset gauges (retention moves them), or null. */
    ObjectName logStartOffsets() {
        return logStartOffsets;
    }
}
