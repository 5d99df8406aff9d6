package io.kbench.fault;

import io.kbench.measure.SendWindows;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RollStep;
import java.util.Map;

/**
 * One step of a roll as it goes: its instants on the fault clock (the producers' clock), written by the roll's thread
 * and read after the roll ended. The under-replicated time runs from the first poll that saw a partition short of its
 * replicas to the poll that saw every partition full again with the broker serving.
 */
final class RollStepProgress {
    final int broker;
    final long startNanos;
    /** The step's SendWindows window, -1 when none was free. */
    final int window;
    Long exitedNanos;
    Long rejoinedNanos;
    Long inSyncNanos;
    Long firstShortNanos;
    /** When the step finished (in sync, then settled); null when it did not. */
    Long endNanos;
    /** When the step's window closed: its end, or when it failed. */
    long closedNanos;
    Map<String, String> configRead;
    /** With roll.kafkaVersion: the release the restarted broker reports; null when it could not be read. */
    String kafkaVersionRead;
    String error;

    RollStepProgress(int broker, long startNanos, int window) {
        this.broker = broker;
        this.startNanos = startNanos;
        this.window = window;
    }

    /**
     * A poll at {@code nanos} found {@code shortPartitions} partitions short of their replicas. Returns whether the step
     * is back in sync: nothing short, the broker serving again.
     */
    boolean polled(long nanos, int shortPartitions) {
        if (shortPartitions > 0 && firstShortNanos == null) {
            firstShortNanos = nanos;
        }
        if (shortPartitions == 0 && rejoinedNanos != null && inSyncNanos == null) {
            inSyncNanos = nanos;
        }
        return inSyncNanos != null;
    }

    /** Seconds some partition was seen under-replicated; 0 when none ever was; null when the step never got in sync. */
    Double underReplicatedSec() {
        if (inSyncNanos == null) {
            return null;
        }
        return firstShortNanos == null ? 0.0 : seconds(inSyncNanos - firstShortNanos);
    }

    /** The step as result.json records it; {@code zeroNanos} is the start of the run's time axis. */
    RollStep result(long zeroNanos, SendWindows windows) {
        Double rate = null;
        LatencyStats publish = null;
        LatencyStats endToEnd = null;
        long failed = 0;
        if (window >= 0) {
            double length = seconds(closedNanos - startNanos);
            rate = length <= 0 ? null : Math.round(windows.acknowledgedIn(window) / length * 10) / 10.0;
            publish = windows.latency(window);
            LatencyStats e2e = windows.endToEndLatency(window);
            endToEnd = e2e.count() == 0 ? null : e2e;
            failed = windows.failures(window);
        }
        return new RollStep(broker, seconds(startNanos - zeroNanos), endNanos == null ? null : seconds(endNanos - zeroNanos),
                since(exitedNanos), since(rejoinedNanos), since(inSyncNanos), underReplicatedSec(), rate, publish,
                endToEnd, failed, configRead, error, kafkaVersionRead);
    }

    private Double since(Long nanos) {
        return nanos == null ? null : seconds(nanos - startNanos);
    }

    private static double seconds(long nanos) {
        return Math.round(nanos / 1e6) / 1000.0;
    }
}
