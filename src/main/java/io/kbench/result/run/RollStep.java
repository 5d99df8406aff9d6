package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.unit.FigureText;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One broker of a roll: stopped (controlled shutdown), started again, back in sync. Times in seconds; {@code startSec}
 * and {@code endSec} on the run's axis (as {@code IntervalPoint.endSec}), the others from the step's start.
 *
 * @param broker                 the broker restarted
 * @param startSec               when SIGTERM went to it (the step's window opens)
 * @param endSec                 when the step ended: every partition in sync again, plus the roll's settle; the
 *                               window closes. Null when the step did not finish (see error)
 * @param exitedSec              until its JVM had exited (Kafka's controlled shutdown done)
 * @param rejoinedSec            until it was registered again (listed by describeCluster): the time it was away
 * @param inSyncSec              until every partition of every topic had its full ISR again
 * @param underReplicatedSec     how long at least one partition was seen under-replicated (polled every 200 ms); 0:
 *                               never seen
 * @param recordsPerSec          measured records acknowledged during the step (by acknowledgement time) per second
 * @param publishLatencyMicros   send -> ack latency of the records sent during the step, from their intended time
 * @param endToEndLatencyMicros  send -> consume latency of the records sent during the step; null without consumers
 * @param failedRecords          measured records sent during the step whose send failed
 * @param brokerConfigRead       the changed keys as the restarted broker reports them (describeConfigs); null for a
 *                               roll without config change
 * @param error                  why the step did not finish (the roll stopped there), else null
 * @param kafkaVersionRead       with roll.kafkaVersion: the Kafka release the restarted broker reports of itself (its
 *                               app-info MBean over JMX, read once it was back in sync); null without, or when it
 *                               could not be read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RollStep(int broker, double startSec, Double endSec, Double exitedSec, Double rejoinedSec,
                       Double inSyncSec, Double underReplicatedSec, Double recordsPerSec,
                       LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros, long failedRecords,
                       Map<String, String> brokerConfigRead, String error, String kafkaVersionRead) {
    public RollStep {
        brokerConfigRead = brokerConfigRead == null ? null : Collections.unmodifiableMap(new TreeMap<>(brokerConfigRead));
    }

    /** A step of a roll that kept the broker's release. */
    public RollStep(int broker, double startSec, Double endSec, Double exitedSec, Double rejoinedSec, Double inSyncSec,
                    Double underReplicatedSec, Double recordsPerSec, LatencyStats publishLatencyMicros,
                    LatencyStats endToEndLatencyMicros, long failedRecords, Map<String, String> brokerConfigRead,
                    String error) {
        this(broker, startSec, endSec, exitedSec, rejoinedSec, inSyncSec, underReplicatedSec, recordsPerSec,
                publishLatencyMicros, endToEndLatencyMicros, failedRecords, brokerConfigRead, error, null);
    }

    /** One terminal line: {@code broker 2: away 6.1 s, under-replicated 7.9 s, 998 records/s, publish p99 ...}. */
    public String line(Double baselinePublishP99, Double baselineEndToEndP99) {
        StringBuilder b = new StringBuilder("broker " + broker);
        b.append(String.format(Locale.ROOT, " at %.1fs", startSec));
        b.append(endSec == null ? "" : String.format(Locale.ROOT, "-%.1fs", endSec));
        b.append(rejoinedSec == null ? ": not back" : String.format(Locale.ROOT, ": away %.1f s", rejoinedSec));
        if (underReplicatedSec != null) {
            b.append(String.format(Locale.ROOT, ", under-replicated %.1f s", underReplicatedSec));
        }
        if (recordsPerSec != null) {
            b.append(String.format(Locale.ROOT, ", %,.0f records/s", recordsPerSec));
        }
        b.append(p99(", publish p99 ", publishLatencyMicros, baselinePublishP99));
        b.append(p99(", e2e p99 ", endToEndLatencyMicros, baselineEndToEndP99));
        b.append(String.format(Locale.ROOT, ", %,d failed", failedRecords));
        if (kafkaVersionRead != null) {
            b.append(", runs Kafka ").append(kafkaVersionRead);
        }
        if (brokerConfigRead != null) {
            b.append(", reports ").append(brokerConfigRead.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .reduce((x, y) -> x + " " + y).orElse("-"));
        }
        return error == null ? b.toString() : b.append(" (").append(error).append(')').toString();
    }

    private static String p99(String label, LatencyStats stats, Double before) {
        if (stats == null || stats.count() == 0) {
            return "";
        }
        return label + FigureText.fromMicros(stats.p99()) + (before == null ? "" : " (before " + FigureText.fromMicros(before)
                + ")");
    }
}
