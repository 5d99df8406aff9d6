package io.kbench.load;

import io.kbench.measure.RunMetrics;
import io.kbench.measure.TransactionMetrics;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.RunSections;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.StageResult;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.TransactionStats;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.Units;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * Turns what a run's producers and consumers measured into its {@link RunOutcome}: the totals over the measured
 * windows (placed on the wall clock), the latencies, the transactions' figures and the per-partition breakdown.
 */
final class OutcomeAssembler {
    /** Which of the aborted records {@link #invisibleAborted} counts. */
    enum Records {
        /** Only measured records (what live consumers wait for). */
        MEASURED,
        /** Warm-up and measured records (what a backlog phase reads). */
        ALL
    }

    private final LoadRun run;
    private final WorkloadSpec spec;
    /** Commits, aborts and leaked aborted records; null unless the producers are transactional. */
    private final TransactionMetrics transactions;
    private final ProducerSide producers;
    private final ConsumerFleet consumers;

    /** Assembles what {@code producers} and {@code consumers} of {@code run} measured. */
    OutcomeAssembler(LoadRun run, ProducerSide producers, ConsumerFleet consumers) {
        this.run = run;
        this.spec = run.spec();
        this.transactions = run.transactions();
        this.producers = producers;
        this.consumers = consumers;
    }

    /**
     * {@code runStartNanos} and {@code runStartMillis}: the zero of the run's time axis on its clock and on the wall
     * clock; {@code failure} the first failure, or null. A run whose stop was requested is interrupted.
     */
    RunOutcome outcome(List<IntervalPoint> points, String failure, long runStartNanos, long runStartMillis) {
        RunMetrics metrics = run.metrics();
        boolean stopped = run.stop().requested();
        WallClock wall = new WallClock(runStartNanos, runStartMillis);
        Totals produced = wall.totals(metrics.producedMeasured.records(), metrics.producedMeasured.bytes(),
                producers.firstMeasuredSendNanos(), producers.lastMeasuredAckNanos(), metrics.produceErrors.total(),
                metrics.produceErrors.byType(), metrics.producedAll.records() - metrics.producedMeasured.records());
        Totals consumed = null;
        if (!consumers.isEmpty()) {
            consumed = wall.totals(metrics.consumedMeasured.records(), metrics.consumedMeasured.bytes(),
                    consumers.firstRecordNanos(), consumers.lastRecordNanos(), metrics.consumeErrors.total(),
                    metrics.consumeErrors.byType(), metrics.consumedAll.records() - metrics.consumedMeasured.records());
        }
        TransactionStats txn = transactions == null ? null
                : transactions.stats(produced.windowSec(), consumers.hasGroupConsumers() ? isolationLevel() : null);
        if (failure == null && txn != null && txn.abortedLeaked()) {
            failure = String.format(Locale.ROOT, "read_committed consumers received %,d records of aborted transactions",
                    txn.abortedRecordsConsumed());
        }
        RunStatus status = failure != null ? RunStatus.FAILED : stopped ? RunStatus.INTERRUPTED : RunStatus.COMPLETED;
        // A driver reports no figures per partition (contract v1): a breakdown would show its records as none.
        boolean driver = producers instanceof DriverProducers || consumers.driver() != null;
        LoadBreakdown perPartition = driver ? null : run.breakdown().result(consumers.tallies(),
                consumed == null ? 0 : consumed.windowSec());
        Summary summary = SummaryFigures.summary(spec, metrics,
                EndToEndLatency.of(spec.consumers().endToEnd()), produced, consumed, txn);
        // A run that did not complete is cut at its last measured acknowledgement: later stages never ran.
        long stagesEnd = status == RunStatus.COMPLETED ? Long.MAX_VALUE : producers.lastMeasuredAckNanos();
        List<StageResult> stages = spec.producers().staged() ? StageWindows.figures(metrics.stageWindows,
                spec.producers(), runStartNanos, spec.consumers().endToEnd(), stagesEnd) : null;
        return new RunOutcome(status, failure, summary, points,
                RunSections.builder().breakdown(perPartition).stages(stages).build());
    }

    /**
     * Records of aborted transactions that consumers will not see (read_committed), measured ones or all: the
     * consumers wait for what the producers committed, not for the idle timeout.
     */
    long invisibleAborted(Records records) {
        if (transactions == null || !TransactionStats.READ_COMMITTED.equals(isolationLevel())) {
            return 0;
        }
        return records == Records.MEASURED ? transactions.abortedMeasured.records() : transactions.abortedAll.records();
    }

    /** The consumers' isolation.level as Kafka applies it (its default is read_uncommitted). */
    private String isolationLevel() {
        String level = spec.consumers().properties().get(ConsumerConfig.ISOLATION_LEVEL_CONFIG);
        return level == null ? "read_uncommitted" : level.trim().toLowerCase(Locale.ROOT);
    }

    /** Places the run's monotonic times on the wall clock (kbench merge lines up runs by it). */
    private record WallClock(long runStartNanos, long runStartMillis) {
        Instant at(long nanos) {
            return Instant.ofEpochMilli(runStartMillis).plusNanos(nanos - runStartNanos);
        }

        Totals totals(long records, long bytes, long firstNanos, long lastNanos, long errors,
                      Map<String, Long> errorTypes, long warmupRecords) {
            boolean none = firstNanos == Long.MAX_VALUE || lastNanos == Long.MIN_VALUE;
            long window = none ? 0 : Math.max(0, lastNanos - firstNanos);
            Instant start = none ? null : at(firstNanos);
            return new Totals(records, bytes, Units.perSecond(records, window),
                    Units.perSecond(Units.mib(bytes), window), Units.seconds(window), errors, errorTypes, warmupRecords,
                    start, none ? null : start.plusNanos(window));
        }
    }
}
