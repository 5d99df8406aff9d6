package io.kbench.load;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.integrity.SendLog;
import io.kbench.integrity.TopicVerifier;
import io.kbench.measure.FaultWindows;
import io.kbench.measure.IntervalReporter;
import io.kbench.measure.ConsumerTally;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.PartitionGaps;
import io.kbench.measure.ProgressLine;
import io.kbench.measure.ShareLatencies;
import io.kbench.measure.TransactionMetrics;
import io.kbench.result.Integrity;
import io.kbench.result.LoadBreakdown;
import io.kbench.result.PartitionLatency;
import io.kbench.result.RebalanceStats;
import io.kbench.result.ShareStats;
import io.kbench.result.TransactionStats;
import io.kbench.measure.RunMetrics;
import io.kbench.result.RunStatus;
import io.kbench.result.Summary;
import io.kbench.result.Totals;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.SecretKey;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Runs one workload against a reachable cluster: topic, live consumers, producers on their schedule,
 * drain, and the measured totals. Ctrl-C (via {@link #requestStop}) ends it early with what was measured.
 */
public final class WorkloadRunner {
    private static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(60);
    /**
     * After a stop request, how long producers and consumers get to close before the run returns without them: a
     * client still waiting for a broker that is gone must not hold back the result.
     */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    /** How long consumers get to close when a run ends normally. */
    private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(20);

    private final WorkloadSpec spec;
    private final ClientProperties clients;
    private final String consumerGroup;
    private final Path hlogDir;
    private final PrintStream out;
    private final ConsumePhaseListener consumePhase;
    private final LiveMetrics live;
    private final IntervalTicks ticks;
    private final NanoClock clock;
    /** This process's share of a distributed run, or null when it runs the whole workload. */
    private final WorkerSlice share;
    /** The payload encryption key, or null: resolved once per run, held only in memory. */
    private final SecretKey payloadKey;
    // Copy-on-write: requestStop iterates them on a signal thread while the run may still be adding workers.
    private final List<ProducerWorker> producers = new CopyOnWriteArrayList<>();
    private final List<ConsumerWorker> consumers = new CopyOnWriteArrayList<>();
    /** Share consumers (consumers.mode share); empty otherwise. */
    private final List<ShareConsumerWorker> shareConsumers = new CopyOnWriteArrayList<>();
    private final ShareLatencies shareLatencies = new ShareLatencies();
    /** The share group's delivery limit, once the group is configured. */
    private int deliveryCountLimit = ShareGroupSetup.KAFKA_DEFAULT_DELIVERY_COUNT_LIMIT;
    /** The run's admin client while share consumers run (it waits for the share group to be ready), else null. */
    private Admin shareAdmin;
    /** Threads of consumers a schedule started during the run, joined at its end. */
    private final List<Thread> changeThreads = new CopyOnWriteArrayList<>();
    /** Each producer's send outcomes when the run is verified, else empty. */
    private final List<SendLog> sendLogs = new ArrayList<>();
    /** Partitions currently assigned across all consumers; producers start once it covers the topic. */
    private final AtomicInteger assignedPartitions = new AtomicInteger();
    private volatile boolean stopRequested;
    /** A share's metrics, read by {@link #measuring()}; null for a whole run. */
    private volatile RunMetrics shareMetrics;
    private volatile long stopDeadlineNanos = Long.MAX_VALUE;
    /** Backlog phase start, wall clock and monotonic, to turn consumer timestamps into wall-clock times. */
    private long phaseStartMillis;
    private long phaseStartNanos;
    /** Where a fault schedule counts the records sent during its faults. */
    private FaultWindows faultWindows = new FaultWindows();
    /** Measured records and latency per partition; set up once the topic's partition count is known. */
    private PartitionBreakdown partitionBreakdown = new PartitionBreakdown(0, null, false);
    /** Each consumer's own figures, in consumer order. */
    private final List<ConsumerTally> tallies = new CopyOnWriteArrayList<>();
    /** Commits, aborts and leaked aborted records; null unless the producers are transactional. */
    private final TransactionMetrics transactionMetrics;
    /** The zero of the interval axis (IntervalPoint.endSec), once the run has started. */
    private volatile long runStartNanos = Long.MIN_VALUE;
    /** The wall-clock time at {@link #runStartNanos}, to place the measured windows on the wall clock. */
    private volatile long runStartMillis;

    /** {@code consumePhase} observes the backlog consume phase (kbench consume's perf-tool CSV lines). */
    public WorkloadRunner(WorkloadSpec spec, ClientProperties clients, String consumerGroup, Path hlogDir, PrintStream out,
                          ConsumePhaseListener consumePhase) {
        this(spec, clients, consumerGroup, hlogDir, out, consumePhase, LiveMetrics.NONE, IntervalTicks.NONE);
    }

    /**
     * As above, telling {@code live} about each report interval (--metrics-port) and {@code ticks} the run's start and
     * each interval's end (telemetry sampling).
     */
    public WorkloadRunner(WorkloadSpec spec, ClientProperties clients, String consumerGroup, Path hlogDir, PrintStream out,
                          ConsumePhaseListener consumePhase, LiveMetrics live, IntervalTicks ticks) {
        this(spec, clients, consumerGroup, hlogDir, out, consumePhase, live, ticks, null);
    }

    /**
     * One share of a distributed run ({@code share} non-null): only its producer and consumer threads, on its shared
     * clock, meeting the other shares through {@link WorkerSlice#coordination()}; the topic is the coordinator's.
     */
    public WorkloadRunner(WorkloadSpec spec, ClientProperties clients, String consumerGroup, Path hlogDir, PrintStream out,
                          ConsumePhaseListener consumePhase, LiveMetrics live, IntervalTicks ticks, WorkerSlice share) {
        this.share = share;
        this.clock = share == null ? NanoClock.SYSTEM : share.clock();
        this.live = live;
        this.ticks = ticks;
        this.spec = spec;
        this.clients = clients;
        this.consumerGroup = consumerGroup;
        this.hlogDir = hlogDir;
        this.out = out;
        this.consumePhase = consumePhase;
        this.payloadKey = spec.producers().payloadEncryption() == null ? null
                : PayloadKey.resolve(spec.producers().payloadEncryption());
        this.transactionMetrics = spec.producers().transactional() ? new TransactionMetrics() : null;
    }

    /**
     * Stops producers and consumers as soon as possible (Ctrl-C); {@link #run} then returns what it measured within
     * about {@link #STOP_GRACE}, even when the cluster is gone. Safe to call from any thread, at any time.
     */
    public void requestStop() {
        stopDeadlineNanos = clock.nanoTime() + STOP_GRACE.toNanos();
        stopRequested = true;
        producers.forEach(ProducerWorker::requestStop);
        consumers.forEach(ConsumerWorker::stopNow);
        shareConsumers.forEach(ShareConsumerWorker::stopNow);
    }

    /** Counts the records sent during faults into {@code windows}; call before {@link #run}. */
    public void recordFaultWindows(FaultWindows windows) {
        this.faultWindows = windows;
    }

    /** The zero of the run's time axis ({@code IntervalPoint.endSec}), or Long.MIN_VALUE before the run starts. */
    public long runStartNanos() {
        return runStartNanos;
    }

    /** The intended time of the first measured send (start of the measured window), or Long.MAX_VALUE before it. */
    public long measuredStartNanos() {
        return producers.stream().mapToLong(ProducerWorker::firstMeasuredSendNanos).min().orElse(Long.MAX_VALUE);
    }

    /** The measured windows on this runner's clock, once {@link #run} returned. */
    public SliceWindows windows() {
        return new SliceWindows(measuredStartNanos(),
                producers.stream().mapToLong(ProducerWorker::lastMeasuredAckNanos).max().orElse(Long.MIN_VALUE),
                consumers.stream().mapToLong(ConsumerWorker::firstRecordNanos).min().orElse(Long.MAX_VALUE),
                consumers.stream().mapToLong(ConsumerWorker::lastRecordNanos).max().orElse(Long.MIN_VALUE));
    }

    public RunOutcome run() {
        if (share != null) {
            try (RunMetrics metrics = new RunMetrics(hlogDir, clock.nanoTime() / 1_000_000)) {
                return runShare(metrics, share.stampMagic());
            } catch (ConfigException e) {
                throw new InvalidInputException("invalid client configuration: " + e.getMessage(), e);
            }
        }
        int magic = ThreadLocalRandom.current().nextInt() | 1;
        Admin admin = createAdmin();
        try (RunMetrics metrics = new RunMetrics(hlogDir, System.currentTimeMillis(), faultWindows)) {
            TopicSetup topics = new TopicSetup(admin, clients.bootstrapServers());
            // A topic pattern reads existing topics (backlog only): nothing to create, delete or wait for.
            boolean byPattern = spec.consumers().topicPattern() != null;
            int partitions = byPattern ? 0 : topics.prepare(spec.topic());
            TopicVerifier verifier = spec.verifies() ? new TopicVerifier(admin, clients.connection(), spec.topic().name(), Stamp.ids(magic)) : null;
            Map<TopicPartition, Long> before = verifier == null ? null : verifier.endOffsets();
            if (spec.consumers().mode() == ConsumerMode.SHARE) {
                deliveryCountLimit = ShareGroupSetup.configure(admin, consumerGroup, spec.consumers().shareOrDefaults());
                shareAdmin = admin;
            }
            RunOutcome outcome = runPhases(metrics, partitions, magic);
            // An interrupted or failed run is not verified: its producers may not have finished, and Ctrl-C must be quick.
            if (verifier != null && outcome.status() == RunStatus.COMPLETED && !stopRequested) {
                long verifyStart = clock.nanoTime();
                Integrity integrity = verifier.verify(sendLogs, before, clients.producer(spec.producers().properties(), 0));
                out.printf(Locale.ROOT, "verify: read %,d records of %s back in %.1f s%n", integrity.read(),
                        spec.topic().name(), Units.seconds(clock.nanoTime() - verifyStart));
                outcome = outcome.withIntegrity(integrity);
            }
            if (spec.topic().deleteAfter() && !byPattern) {
                deleteTopic(topics);
            }
            return outcome;
        } catch (ConfigException e) {
            throw new InvalidInputException("invalid client configuration: " + e.getMessage(), e);
        } finally {
            // After a stop the cluster may be going away: pending admin calls are not waited for.
            admin.close(stopRequested ? STOP_GRACE : Duration.ofMillis(Long.MAX_VALUE));
        }
    }

    /** An interrupted run still cleans up its topic, but a cluster that does not answer must not cost its result. */
    private void deleteTopic(TopicSetup topics) {
        if (!stopRequested) {
            topics.delete(spec.topic().name());
            return;
        }
        String problem = topics.tryDelete(spec.topic().name(), STOP_GRACE);
        if (problem != null) {
            out.println("topic " + spec.topic().name() + " was not deleted: " + problem);
        }
    }

    private Admin createAdmin() {
        try {
            return Admin.create(clients.admin());
        } catch (KafkaException e) {
            throw clientCreationError(e);
        }
    }

    private RunOutcome runPhases(RunMetrics metrics, int partitions, int magic) {
        ConsumerMode mode = spec.consumers().mode();
        ProducerSpec p = spec.producers();
        partitionBreakdown = new PartitionBreakdown(partitions,
                mode == ConsumerMode.LIVE ? PartitionLatency.END_TO_END : PartitionLatency.PUBLISH, spec.consumers().enabled());
        long startMsec = System.currentTimeMillis();
        long startNanos = clock.nanoTime();
        runStartNanos = startNanos;
        runStartMillis = startMsec;
        IntervalReporter reporter = new IntervalReporter(metrics, out, startNanos, startMsec, this::measuring,
                new ProgressLine.Columns(spec.producers().count() > 0, spec.consumers().enabled(),
                        ticks == IntervalTicks.NONE ? null : ticks::currentLimit), live);
        if (share != null) {
            reporter.withSink(share.sink());
        }
        ticks.started(startNanos);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "kbench-reporter"));
        List<Thread> threads = new ArrayList<>();
        String failure = null;
        ConsumerSchedule schedule = null;
        RebalanceStats rebalances = null;
        try {
            if (mode == ConsumerMode.LIVE) {
                startConsumers(metrics, magic, true, threads);
                awaitAssignment(partitions);
                schedule = schedule(metrics, magic, partitions);
            } else if (mode == ConsumerMode.SHARE) {
                startShareConsumers(metrics, magic, threads);
                awaitShareGroup(partitions);
            }
            long producersStartNanos = clock.nanoTime();
            long interval = spec.reportInterval().toNanos();
            ticker.scheduleAtFixedRate(() -> tick(reporter), interval, interval, TimeUnit.NANOSECONDS);
            startProducers(metrics, magic, producersStartNanos, threads);
            if (schedule != null) {
                threads.add(0, daemon(schedule, "kbench-consumer-changes"));
                threads.get(0).start();
            }
            join(threads.subList(threads.size() - producers.size(), threads.size()), Long.MAX_VALUE);
            failure = firstFailure();
            if (spec.consumers().endToEnd()) {
                awaitConsumers(metrics, metrics.producedMeasured.records() - invisibleAborted(true));
                rebalances = schedule == null ? null : schedule.finish(clock.nanoTime());
            } else if (mode == ConsumerMode.BACKLOG) {
                long expected = p.count() == 0 ? spec.consumers().records()
                        : metrics.producedAll.records() - invisibleAborted(false);
                startConsumers(metrics, magic, false, threads);
                awaitConsumers(metrics, expected);
                consumePhase.finished(snapshot(metrics, backlogEndNanos(metrics, expected)));
            }
        } finally {
            if (schedule != null && rebalances == null) {
                schedule.finish(clock.nanoTime());
            }
            consumers.forEach(ConsumerWorker::requestStop);
            shareConsumers.forEach(ShareConsumerWorker::requestStop);
            join(threads, clock.nanoTime() + JOIN_TIMEOUT.toNanos());
            join(changeThreads, clock.nanoTime() + JOIN_TIMEOUT.toNanos());
            ticker.shutdownNow();
            awaitQuietly(ticker);
            tick(reporter);
        }
        if (failure == null) {
            failure = firstFailure();
        }
        if (failure == null && schedule != null && schedule.failure() != null) {
            failure = "consumer change failed: " + schedule.failure().getMessage();
        }
        return outcome(metrics, reporter, failure).withGroups(shareStats(metrics), rebalances);
    }

    /**
     * Records of aborted transactions that consumers will not see (read_committed), measured ones or all: the
     * consumers wait for what the producers committed, not for the idle timeout.
     */
    private long invisibleAborted(boolean measuredOnly) {
        if (transactionMetrics == null || !readCommitted()) {
            return 0;
        }
        return measuredOnly ? transactionMetrics.abortedMeasured.records() : transactionMetrics.abortedAll.records();
    }

    /** The consumers' isolation.level as Kafka applies it (its default is read_uncommitted). */
    private String isolationLevel() {
        String level = spec.consumers().properties().get(ConsumerConfig.ISOLATION_LEVEL_CONFIG);
        return level == null ? "read_uncommitted" : level.trim().toLowerCase(Locale.ROOT);
    }

    private boolean readCommitted() {
        return TransactionStats.READ_COMMITTED.equals(isolationLevel());
    }

    /**
     * A share's phases: its consumers join the common group, the coordinator fixes the common start once every
     * share's consumers hold their partitions, producers run their threads of the common schedule, and consumers
     * stop when the coordinator says all was consumed. The interval axis starts at the common start, so interval k
     * covers the same instant in every share.
     */
    private RunOutcome runShare(RunMetrics metrics, int magic) {
        shareMetrics = metrics;
        List<Thread> threads = new ArrayList<>();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "kbench-reporter"));
        IntervalReporter reporter = null;
        String failure = null;
        try {
            if (spec.consumers().mode() == ConsumerMode.LIVE) {
                startConsumers(metrics, magic, true, threads);
            }
            long start = share.coordination().awaitStart(assignedPartitions::get, metrics);
            if (start != Long.MIN_VALUE && !stopRequested) {
                runStartNanos = start;
                IntervalReporter r = new IntervalReporter(metrics, out, start, start / 1_000_000, this::measuring,
                        new ProgressLine.Columns(spec.producers().count() > 0, spec.consumers().enabled()), live)
                        .withSink(share.sink());
                reporter = r;
                long interval = spec.reportInterval().toNanos();
                ticker.scheduleAtFixedRate(() -> tick(r), Math.max(0, start + interval - clock.nanoTime()), interval,
                        TimeUnit.NANOSECONDS);
                startProducers(metrics, magic, start, threads);
                join(threads.subList(threads.size() - producers.size(), threads.size()), Long.MAX_VALUE);
                failure = firstFailure();
                share.coordination().producersFinished();
                while (!stopRequested && !share.coordination().drained()) {
                    sleep(20);
                }
            }
        } finally {
            share.coordination().producersFinished();
            consumers.forEach(ConsumerWorker::requestStop);
            join(threads, clock.nanoTime() + JOIN_TIMEOUT.toNanos());
            ticker.shutdownNow();
            awaitQuietly(ticker);
            if (reporter != null) {
                tick(reporter);
            }
        }
        if (failure == null) {
            failure = firstFailure();
        }
        return outcome(metrics, reporter, failure);
    }

    private void tick(IntervalReporter reporter) {
        long now = clock.nanoTime();
        reporter.tick(now);
        ticks.ticked(now);
    }

    private boolean measuring() {
        RunMetrics metrics = shareMetrics;
        return producers.stream().anyMatch(w -> w.firstMeasuredSendNanos() != Long.MAX_VALUE)
                || (spec.producers().count() == 0 && !consumers.isEmpty())
                // A share without producers measures once its consumers receive measured records.
                || (share != null && producers.isEmpty() && metrics != null && metrics.consumedMeasured.records() > 0);
    }

    private void startProducers(RunMetrics metrics, int magic, long startNanos, List<Thread> threads) {
        ProducerSpec p = spec.producers();
        PayloadGenerator payloads = new PayloadGenerator(p.payload(), p.recordSize());
        if (spec.consumers().endToEnd() && payloads.minValueBytes() < Stamp.BYTES) {
            throw InvalidInputException.field("producers.payload.file", p.payload().file(),
                    "has payloads shorter than " + Stamp.BYTES + " bytes; live consumers need room for the latency stamp");
        }
        if (spec.verifies() && payloads.minValueBytes() < Stamp.ID_BYTES) {
            throw InvalidInputException.field("producers.payload.file", p.payload().file(),
                    "has payloads shorter than " + Stamp.ID_BYTES + " bytes; verify needs room for each record's id");
        }
        KeyPool keys = new KeyPool(p.keys());
        int first = share == null ? 0 : share.producerFirst();
        int count = share == null ? p.count() : share.producerCount();
        // i is the thread's index in the whole workload: a share's threads keep the rate, phase and seed they have alone.
        for (int i = first; i < first + count; i++) {
            SendLog sendLog = spec.verifies() ? new SendLog(i) : null;
            if (sendLog != null) {
                sendLogs.add(sendLog);
            }
            ProducerPlan plan = new ProducerPlan(spec.topic().name(),
                    p.unlimitedRate() ? 0 : p.rate() / p.count(), (double) i / p.count(),
                    share(p.warmupRecords() == null ? 0 : p.warmupRecords(), p.count(), i),
                    p.warmupDuration() == null ? Duration.ZERO : p.warmupDuration(),
                    p.records() == null ? -1 : share(p.records(), p.count(), i),
                    p.duration(), magic);
            Map<String, Object> props = clients.producer(p.properties(), i);
            if (p.transactional()) {
                props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                        p.transactions().transactionalIdOf(i, p.count(), "kbench-txn-" + Integer.toHexString(magic)));
            }
            try {
                producers.add(new ProducerWorker(plan, props,
                        payloads.valuesForThread(i), keys, metrics, clock, startNanos, p.payload().seed() + i, sendLog,
                        payloadKey == null ? new ByteArraySerializer() : new PayloadCipher.Encrypting(payloadKey),
                        p.transactions(), transactionMetrics, partitionBreakdown));
            } catch (KafkaException e) {
                throw clientCreationError(e);
            }
        }
        if (stopRequested) {
            producers.forEach(ProducerWorker::requestStop);
        }
        for (int i = 0; i < producers.size(); i++) {
            threads.add(start(producers.get(i), "kbench-producer-" + (first + i)));
        }
    }

    private void startConsumers(RunMetrics metrics, int magic, boolean live, List<Thread> threads) {
        int first = share == null ? 0 : share.consumerFirst();
        int count = share == null ? spec.consumers().count() : share.consumerCount();
        for (int i = first; i < first + count; i++) {
            ConsumerTally tally = new ConsumerTally(i, partitionBreakdown, transactionMetrics);
            tallies.add(tally);
            try {
                consumers.add(new ConsumerWorker(
                        clients.consumer(consumerProperties(), consumerGroup, spec.consumers().mode(), i),
                        spec.topic().name(), topicPattern(), live, magic, metrics, clock, assignedPartitions,
                        payloadKey == null ? new ByteArrayDeserializer()
                                : new PayloadCipher.Decrypting(payloadKey, metrics.consumeErrors), tally));
            } catch (KafkaException e) {
                throw clientCreationError(e);
            }
        }
        if (stopRequested) {
            consumers.forEach(ConsumerWorker::stopNow);
        }
        if (!live) {
            phaseStartMillis = System.currentTimeMillis();
            phaseStartNanos = clock.nanoTime();
            consumePhase.started(snapshot(metrics, phaseStartNanos));
        }
        for (int i = 0; i < consumers.size(); i++) {
            threads.add(start(consumers.get(i), "kbench-consumer-" + (first + i)));
        }
    }

    /** The consumer properties with the group protocol of the workload, when it names one. */
    private Map<String, String> consumerProperties() {
        if (spec.consumers().groupProtocol() == null) {
            return spec.consumers().properties();
        }
        Map<String, String> p = new java.util.HashMap<>(spec.consumers().properties());
        p.put("group.protocol", spec.consumers().groupProtocol().property());
        return p;
    }

    /** The schedule of consumers.changes, or null without changes; consumers it adds get the next indexes. */
    private ConsumerSchedule schedule(RunMetrics metrics, int magic, int partitions) {
        if (spec.consumers().changes().isEmpty()) {
            return null;
        }
        PartitionGaps gaps = new PartitionGaps(partitions);
        consumers.forEach(c -> c.trackGaps(gaps));
        ConsumerSchedule.Group group = new ConsumerSchedule.Group() {
            @Override
            public void add() {
                ConsumerWorker w = newConsumer(metrics, magic, consumers.size());
                w.trackGaps(gaps);
                consumers.add(w);
                changeThreads.add(start(w, "kbench-consumer-" + (consumers.size() - 1)));
            }

            @Override
            public void removeLatest() {
                for (int i = consumers.size() - 1; i >= 0; i--) {
                    if (consumers.get(i).running()) {
                        consumers.get(i).requestStop();
                        return;
                    }
                }
            }
        };
        String protocol = spec.consumers().groupProtocol() != null ? spec.consumers().groupProtocol().property()
                : consumerProperties().getOrDefault("group.protocol", "classic");
        return new ConsumerSchedule(spec.consumers().changes(), spec.consumers().count(), gaps, group, clock,
                this::measuredStartNanos, protocol);
    }

    private ConsumerWorker newConsumer(RunMetrics metrics, int magic, int index) {
        try {
            return new ConsumerWorker(clients.consumer(consumerProperties(), consumerGroup, spec.consumers().mode(), index),
                    spec.topic().name(), null, true, magic, metrics, clock, assignedPartitions,
                    payloadKey == null ? new ByteArrayDeserializer()
                            : new PayloadCipher.Decrypting(payloadKey, metrics.consumeErrors), ConsumerTally.NONE);
        } catch (KafkaException e) {
            throw clientCreationError(e);
        }
    }

    private void startShareConsumers(RunMetrics metrics, int magic, List<Thread> threads) {
        String ackMode = spec.consumers().shareOrDefaults().acknowledgement().property();
        for (int i = 0; i < spec.consumers().count(); i++) {
            try {
                shareConsumers.add(new ShareConsumerWorker(
                        clients.shareConsumer(spec.consumers().properties(), consumerGroup, ackMode, i),
                        spec.topic().name(), magic, spec.consumers().shareOrDefaults(), deliveryCountLimit, metrics,
                        shareLatencies, clock, spec.producers().payload().seed() * 31 + i,
                        payloadKey == null ? new ByteArrayDeserializer()
                                : new PayloadCipher.Decrypting(payloadKey, metrics.consumeErrors)));
            } catch (KafkaException e) {
                throw clientCreationError(e);
            }
        }
        if (stopRequested) {
            shareConsumers.forEach(ShareConsumerWorker::stopNow);
        }
        for (int i = 0; i < shareConsumers.size(); i++) {
            threads.add(start(shareConsumers.get(i), "kbench-share-consumer-" + i));
        }
    }

    /** Like awaitAssignment for a share group: producers start once every partition has a start offset. */
    private void awaitShareGroup(int partitions) {
        boolean ready = ShareGroupSetup.awaitInitialized(shareAdmin, consumerGroup, spec.topic().name(), partitions,
                ASSIGNMENT_TIMEOUT, () -> stopRequested || shareConsumers.stream().anyMatch(c -> c.failure() != null));
        Throwable f = shareConsumers.stream().map(ShareConsumerWorker::failure).filter(x -> x != null).findFirst().orElse(null);
        if (f != null) {
            throw new RunFailedException("share consumer failed: " + f.getMessage(), f);
        }
        if (!ready && !stopRequested) {
            out.println("share group " + consumerGroup + ": not every partition of " + spec.topic().name()
                    + " was initialized within " + ASSIGNMENT_TIMEOUT.toSeconds() + " s; starting the producers anyway");
        }
    }

    /** The share group's figures, or null unless consumers.mode is share; call after the consumers stopped. */
    private ShareStats shareStats(RunMetrics metrics) {
        if (shareConsumers.isEmpty()) {
            return null;
        }
        long first = shareConsumers.stream().mapToLong(ShareConsumerWorker::firstRecordNanos).min().orElse(Long.MAX_VALUE);
        long last = shareConsumers.stream().mapToLong(ShareConsumerWorker::lastRecordNanos).max().orElse(Long.MIN_VALUE);
        long window = first == Long.MAX_VALUE || last == Long.MIN_VALUE ? 0 : Math.max(0, last - first);
        return ShareTotals.of(spec.consumers().shareOrDefaults().acknowledgement(), deliveryCountLimit,
                shareConsumers.stream().map(ShareConsumerWorker::tally).toList(), window, shareLatencies,
                metrics.endToEndLatency.totalStats());
    }

    private Pattern topicPattern() {
        String regex = spec.consumers().topicPattern();
        return regex == null ? null : Pattern.compile(regex);
    }

    private void awaitAssignment(int partitions) {
        long deadline = clock.nanoTime() + ASSIGNMENT_TIMEOUT.toNanos();
        while (assignedPartitions.get() < partitions && !stopRequested) {
            if (clock.nanoTime() > deadline) {
                throw new RunFailedException("consumers were not assigned all " + partitions + " partitions of "
                        + spec.topic().name() + " within " + ASSIGNMENT_TIMEOUT.toSeconds() + " s");
            }
            Throwable f = consumers.stream().map(ConsumerWorker::failure).filter(x -> x != null).findFirst().orElse(null);
            if (f != null) {
                throw new RunFailedException("consumer failed: " + f.getMessage(), f);
            }
            sleep(50);
        }
    }

    /** Waits until consumers have {@code expected} measured records, or nothing arrives for the idle timeout. */
    private void awaitConsumers(RunMetrics metrics, long expected) {
        long idleNanos = spec.consumers().idleTimeout().toNanos();
        long lastCount = -1;
        long lastProgressNanos = clock.nanoTime();
        long lastReportedCount = 0;
        boolean backlog = spec.consumers().mode() == ConsumerMode.BACKLOG;
        while (!stopRequested && metrics.consumedMeasured.records() < expected) {
            long count = metrics.consumedAll.records();
            long now = clock.nanoTime();
            if (backlog && count != lastReportedCount) {
                consumePhase.progress(snapshot(metrics, now));
                lastReportedCount = count;
            }
            if (count != lastCount) {
                lastCount = count;
                lastProgressNanos = now;
            } else if (now - lastProgressNanos > idleNanos) {
                out.printf("consumers: no records for %s; stopping with %,d of %,d%n",
                        DurationText.format(spec.consumers().idleTimeout()),
                        metrics.consumedMeasured.records(), expected);
                return;
            }
            sleep(20);
        }
    }

    /**
     * When the backlog phase ended: the return of the last poll with records once all were read (as the perf
     * tool's loop ends right after that poll), otherwise now (idle timeout or stop).
     */
    private long backlogEndNanos(RunMetrics metrics, long expected) {
        long last = consumers.stream().mapToLong(ConsumerWorker::lastRecordNanos).max().orElse(Long.MIN_VALUE);
        return metrics.consumedMeasured.records() >= expected && last != Long.MIN_VALUE ? last : clock.nanoTime();
    }

    private ConsumePhaseListener.Snapshot snapshot(RunMetrics metrics, long nanos) {
        long rebalance = consumers.stream().mapToLong(ConsumerWorker::rebalanceMillis).max().orElse(0);
        return new ConsumePhaseListener.Snapshot(phaseStartMillis + (nanos - phaseStartNanos) / 1_000_000,
                metrics.consumedAll.records(), metrics.consumedAll.bytes(), rebalance);
    }

    private RunOutcome outcome(RunMetrics metrics, IntervalReporter reporter, String failure) {
        long firstSend = producers.stream().mapToLong(ProducerWorker::firstMeasuredSendNanos).min().orElse(Long.MAX_VALUE);
        long lastAck = producers.stream().mapToLong(ProducerWorker::lastMeasuredAckNanos).max().orElse(Long.MIN_VALUE);
        Totals produced = totals(metrics.producedMeasured.records(), metrics.producedMeasured.bytes(),
                firstSend, lastAck, metrics.produceErrors.total(), metrics.produceErrors.byType(),
                metrics.producedAll.records() - metrics.producedMeasured.records());
        Totals consumed = null;
        if (!consumers.isEmpty() || !shareConsumers.isEmpty()) {
            long first = Math.min(consumers.stream().mapToLong(ConsumerWorker::firstRecordNanos).min().orElse(Long.MAX_VALUE),
                    shareConsumers.stream().mapToLong(ShareConsumerWorker::firstRecordNanos).min().orElse(Long.MAX_VALUE));
            long last = Math.max(consumers.stream().mapToLong(ConsumerWorker::lastRecordNanos).max().orElse(Long.MIN_VALUE),
                    shareConsumers.stream().mapToLong(ShareConsumerWorker::lastRecordNanos).max().orElse(Long.MIN_VALUE));
            consumed = totals(metrics.consumedMeasured.records(), metrics.consumedMeasured.bytes(), first, last,
                    metrics.consumeErrors.total(), metrics.consumeErrors.byType(), metrics.consumedAll.records() - metrics.consumedMeasured.records());
        }
        boolean live = spec.consumers().endToEnd();
        TransactionStats transactions = transactionMetrics == null ? null
                : transactionMetrics.stats(produced.windowSec(), consumers.isEmpty() ? null : isolationLevel());
        if (failure == null && transactions != null && transactions.abortedLeaked()) {
            failure = String.format(Locale.ROOT, "read_committed consumers received %,d records of aborted transactions",
                    transactions.abortedRecordsConsumed());
        }
        RunStatus status = failure != null ? RunStatus.FAILED : stopRequested ? RunStatus.INTERRUPTED : RunStatus.COMPLETED;
        LoadBreakdown breakdown = partitionBreakdown.result(tallies, consumed == null ? 0 : consumed.windowSec());
        Summary summary = new Summary(spec.producers().unlimitedRate() ? "actualSendTime" : "intendedSendTime",
                produced, consumed, metrics.publishLatency.totalStats(),
                live ? metrics.endToEndLatency.totalStats() : null,
                spec.producers().unlimitedRate() ? null : metrics.sendDelay.totalStats(), transactions);
        return new RunOutcome(status, failure, summary, reporter == null ? List.of() : reporter.points(),
                RunOutcome.Sections.NONE.withBreakdown(breakdown));
    }

    private Totals totals(long records, long bytes, long firstNanos, long lastNanos, long errors,
                          Map<String, Long> errorTypes, long warmupRecords) {
        boolean none = firstNanos == Long.MAX_VALUE || lastNanos == Long.MIN_VALUE;
        long window = none ? 0 : Math.max(0, lastNanos - firstNanos);
        Instant start = none ? null : wallClock(firstNanos);
        return new Totals(records, bytes, Units.perSecond(records, window),
                Units.perSecond(Units.mib(bytes), window), Units.seconds(window), errors, errorTypes, warmupRecords,
                start, none ? null : start.plusNanos(window));
    }

    /** A monotonic time of this run on the wall clock (kbench merge lines up runs by it). */
    private Instant wallClock(long nanos) {
        return Instant.ofEpochMilli(runStartMillis).plusNanos(nanos - runStartNanos);
    }

    private String firstFailure() {
        for (ProducerWorker w : producers) {
            if (w.failure() != null) {
                return "producer failed: " + w.failure().getMessage();
            }
        }
        for (ConsumerWorker w : consumers) {
            if (w.failure() != null) {
                return "consumer failed: " + w.failure().getMessage();
            }
        }
        for (ShareConsumerWorker w : shareConsumers) {
            if (w.failure() != null) {
                return "share consumer failed: " + w.failure().getMessage();
            }
        }
        return null;
    }

    private RuntimeException clientCreationError(KafkaException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof ConfigException) {
            return new InvalidInputException("invalid client configuration: " + root.getMessage(), e);
        }
        return new RunFailedException("cannot create Kafka client: " + root.getMessage(), e);
    }

    /** Splits {@code total} over {@code parts} so the shares sum exactly to the total. */
    static long share(long total, int parts, int index) {
        return total / parts + (index < total % parts ? 1 : 0);
    }

    private static Thread start(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.start();
        return t;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Waits for the threads until {@code deadlineNanos}, or the stop deadline once a stop was requested: a worker
     * stuck on a broker that is gone is left behind (its client times out on its own) rather than waited for.
     */
    private void join(List<Thread> threads, long deadlineNanos) {
        for (Thread t : threads) {
            try {
                while (t.isAlive()) {
                    long now = clock.nanoTime();
                    if (now > deadlineNanos || now > stopDeadlineNanos) {
                        return;
                    }
                    t.join(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void awaitQuietly(ScheduledExecutorService ticker) {
        try {
            ticker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted", e);
        }
    }
}
