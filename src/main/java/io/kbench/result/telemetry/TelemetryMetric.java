package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * Every series kbench samples, with its scope and unit; written lowercase ({@code broker_cpu_percent}). docs/telemetry.md
 * lists the source of each. Times taken from Kafka's request histograms are exact per-interval means derived from the
 * histograms' Count and Mean, not the decaying-sample percentiles.
 */
public enum TelemetryMetric {
    BROKER_CPU_PERCENT(Scope.BROKER, "%", "CPU of the broker process, 100 = one core"),
    BROKER_CPU_THROTTLED_PERCENT(Scope.BROKER, "%",
            "CPU quota periods in which the broker's cgroup was throttled (cluster.limits.cpuQuota)"),
    BROKER_CPU_THROTTLED_MS(Scope.BROKER, "ms", "time the broker's cgroup waited for CPU quota in the interval"),
    REQUEST_HANDLER_IDLE_PERCENT(Scope.BROKER, "%", "request handler threads idle"),
    NETWORK_PROCESSOR_IDLE_PERCENT(Scope.BROKER, "%", "network processor threads idle"),
    PRODUCE_REQUESTS_PER_SEC(Scope.BROKER, "requests/s", "Produce requests"),
    PRODUCE_TOTAL_TIME_MS(Scope.BROKER, "ms", "Produce: mean total time"),
    PRODUCE_REQUEST_QUEUE_TIME_MS(Scope.BROKER, "ms", "Produce: mean request queue time"),
    PRODUCE_LOCAL_TIME_MS(Scope.BROKER, "ms", "Produce: mean local time"),
    PRODUCE_REMOTE_TIME_MS(Scope.BROKER, "ms", "Produce: mean remote time (waiting for followers)"),
    PRODUCE_RESPONSE_QUEUE_TIME_MS(Scope.BROKER, "ms", "Produce: mean response queue time"),
    PRODUCE_RESPONSE_SEND_TIME_MS(Scope.BROKER, "ms", "Produce: mean response send time"),
    FETCH_REQUESTS_PER_SEC(Scope.BROKER, "requests/s", "Fetch requests from consumers"),
    FETCH_TOTAL_TIME_MS(Scope.BROKER, "ms", "Fetch: mean total time"),
    FETCH_REQUEST_QUEUE_TIME_MS(Scope.BROKER, "ms", "Fetch: mean request queue time"),
    FETCH_LOCAL_TIME_MS(Scope.BROKER, "ms", "Fetch: mean local time"),
    FETCH_REMOTE_TIME_MS(Scope.BROKER, "ms", "Fetch: mean remote time (long-poll wait)"),
    FETCH_RESPONSE_QUEUE_TIME_MS(Scope.BROKER, "ms", "Fetch: mean response queue time"),
    FETCH_RESPONSE_SEND_TIME_MS(Scope.BROKER, "ms", "Fetch: mean response send time"),
    BROKER_BYTES_IN_MIB_PER_SEC(Scope.BROKER, "MiB/s", "bytes in from clients"),
    BROKER_BYTES_OUT_MIB_PER_SEC(Scope.BROKER, "MiB/s", "bytes out to clients"),
    BROKER_MESSAGES_IN_PER_SEC(Scope.BROKER, "records/s", "records appended"),
    LOG_FLUSHES_PER_SEC(Scope.BROKER, "flushes/s", "log flushes"),
    LOG_FLUSH_TIME_MS(Scope.BROKER, "ms", "mean log flush time"),
    UNDER_REPLICATED_PARTITIONS(Scope.BROKER, "partitions", "under-replicated partitions led by this broker"),
    UNDER_MIN_ISR_PARTITIONS(Scope.BROKER, "partitions", "partitions under min.insync.replicas"),
    ISR_SHRINKS_PER_SEC(Scope.BROKER, "shrinks/s", "ISR shrinks"),
    ISR_EXPANDS_PER_SEC(Scope.BROKER, "expands/s", "ISR expands"),
    PRODUCE_PURGATORY_SIZE(Scope.BROKER, "requests", "Produce requests waiting in purgatory"),
    BROKER_GC_PAUSES(Scope.BROKER, "pauses", "GC pauses in the interval"),
    BROKER_GC_PAUSE_TIME_MS(Scope.BROKER, "ms", "GC pause time in the interval"),
    BROKER_HEAP_USED_MIB(Scope.BROKER, "MiB", "heap used"),
    REMOTE_FETCH_MIB_PER_SEC(Scope.BROKER, "MiB/s", "read from remote storage for fetches (tiered storage)"),
    REMOTE_FETCH_REQUESTS_PER_SEC(Scope.BROKER, "reads/s", "fetches served from remote storage"),
    REMOTE_FETCH_ERRORS_PER_SEC(Scope.BROKER, "errors/s", "fetches from remote storage that failed"),
    REMOTE_COPY_MIB_PER_SEC(Scope.BROKER, "MiB/s", "segments copied to remote storage"),
    REMOTE_COPY_REQUESTS_PER_SEC(Scope.BROKER, "copies/s", "segment copies to remote storage"),
    REMOTE_READ_TIME_MS(Scope.BROKER, "ms", "remote log reader: mean time of one remote read"),
    HOST_CPU_USER_PERCENT(Scope.HOST, "%", "host CPU in user mode, 100 = all cores"),
    HOST_CPU_SYSTEM_PERCENT(Scope.HOST, "%", "host CPU in kernel mode, 100 = all cores"),
    HOST_CPU_IOWAIT_PERCENT(Scope.HOST, "%", "host CPU idle waiting for I/O, 100 = all cores"),
    HOST_CPU_STEAL_PERCENT(Scope.HOST, "%", "host CPU stolen by the hypervisor, 100 = all cores"),
    DISK_READ_MIB_PER_SEC(Scope.HOST, "MiB/s", "reads from the device holding the broker data"),
    DISK_WRITE_MIB_PER_SEC(Scope.HOST, "MiB/s", "writes to the device holding the broker data"),
    DISK_READ_IOPS(Scope.HOST, "ops/s", "read operations completed on that device"),
    DISK_WRITE_IOPS(Scope.HOST, "ops/s", "write operations completed on that device"),
    DISK_UTIL_PERCENT(Scope.HOST, "%", "time that device was busy"),
    PAGE_CACHE_DIRTY_MIB(Scope.HOST, "MiB", "dirty page cache waiting for writeback"),
    PAGE_CACHE_WRITEBACK_MIB(Scope.HOST, "MiB", "page cache being written back"),
    MEMORY_AVAILABLE_MIB(Scope.HOST, "MiB", "memory available"),
    NETWORK_RX_MIB_PER_SEC(Scope.HOST, "MiB/s", "bytes received, all interfaces"),
    NETWORK_TX_MIB_PER_SEC(Scope.HOST, "MiB/s", "bytes sent, all interfaces"),
    CLIENT_CPU_PERCENT(Scope.CLIENT, "%", "CPU of kbench's load-generator JVM, 100 = one core"),
    CLIENT_GC_PAUSES(Scope.CLIENT, "pauses", "load generator GC pauses in the interval"),
    CLIENT_GC_PAUSE_TIME_MS(Scope.CLIENT, "ms", "load generator GC pause time in the interval"),
    PRODUCER_RECORD_QUEUE_TIME_MS(Scope.CLIENT, "ms",
            "producers' record queue time (record-queue-time-avg: Kafka's average over its metrics window, 30 s by default)");

    /** Whose figure a series is. */
    public enum Scope { BROKER, HOST, CLIENT }

    private final Scope scope;
    private final String unit;
    private final String description;

    TelemetryMetric(Scope scope, String unit, String description) {
        this.scope = scope;
        this.unit = unit;
        this.description = description;
    }

    public Scope scope() {
        return scope;
    }

    public String unit() {
        return unit;
    }

    public String description() {
        return description;
    }

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static TelemetryMetric of(String text) {
        return LowercaseEnum.parse(TelemetryMetric.class, text, "telemetry metric");
    }

    @Override
    public String toString() {
        return json();
    }
}
