package io.kbench.load;

import io.kbench.client.ClientProperties;
import io.kbench.driver.DriverDurability;
import io.kbench.error.InvalidInputException;
import io.kbench.load.integrity.TopicVerifier;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.RunMetrics;
import io.kbench.measure.SendWindows;
import io.kbench.measure.TransactionMetrics;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.RunStatus;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.SecretKey;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;

/**
 * Runs one workload against a reachable cluster: topic, read-back check around the load, and the load itself
 * ({@link LoadPhases}: consumers, producers on their schedule, drain, the measured outcome). Ctrl-C (via
 * {@link #requestStop}) ends it early with what was measured. A {@link WorkerSlice} makes it run only one worker's
 * slice of a distributed run.
 */
public final class WorkloadRunner {
    /**
     * After a stop request, how long producers and consumers get to close before the run returns without them: a
     * client still waiting for a broker that is gone must not hold back the result.
     */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final WorkloadSpec spec;
    private final ClientProperties clients;
    private final Path hlogDir;
    private final PrintStream out;
    private final NanoClock clock;
    /** This process's slice of a distributed run, or null when it runs the whole workload. */
    private final WorkerSlice slice;
    private final StopSignal stop;
    /** The run's parts known before it starts; {@link #run} adds the stamp, metrics and breakdown. */
    private final LoadRun.Builder parts;
    /** The run's load once {@link #run} has built it, else null; read by a stop request on another thread. */
    private volatile LoadPhases phases;
    /** Where a fault schedule counts the records sent during its faults. */
    private SendWindows faultWindows = new SendWindows();

    /**
     * A whole run. {@code consumePhase} observes the backlog consume phase (kbench consume's perf-tool CSV lines),
     * {@code live} each report interval (--metrics-port) and {@code ticks} the run's start and each interval's end
     * (telemetry sampling).
     */
    public WorkloadRunner(WorkloadSpec spec, ClientProperties clients, String consumerGroup, Path hlogDir, PrintStream out,
                          ConsumePhaseListener consumePhase, LiveMetrics live, IntervalTicks ticks) {
        this(LoadRun.builder().spec(spec).clients(clients).consumerGroup(consumerGroup).out(out)
                .consumePhase(consumePhase).live(live).ticks(ticks), hlogDir, null);
    }

    /** {@code parts}: the run's parts its caller knows; the clock is the slice's when {@code slice} is non-null. */
    private WorkloadRunner(LoadRun.Builder parts, Path hlogDir, WorkerSlice slice) {
        this.slice = slice;
        this.clock = slice == null ? NanoClock.SYSTEM : slice.clock();
        this.spec = parts.spec();
        this.clients = parts.clients();
        this.hlogDir = hlogDir;
        this.out = parts.out();
        this.stop = new StopSignal(clock);
        SecretKey payloadKey = spec.producers().payloadEncryption() == null ? null
                : PayloadKey.resolve(spec.producers().payloadEncryption());
        TransactionMetrics transactions = spec.producers().transactional() ? new TransactionMetrics() : null;
        this.parts = parts.clock(clock).stop(stop).payloadKey(payloadKey).transactions(transactions)
                .drivers(DriverLaunch.standard(out, hlogDir));
    }

    /**
     * One slice of a distributed run: only its producer and consumer threads, on its shared clock, meeting the other
     * slices through {@link WorkerSlice#coordination()}; the topic is the coordinator's, nothing is written to disk.
     */
    public static WorkloadRunner slice(WorkloadSpec spec, ClientProperties clients, String consumerGroup, PrintStream out,
                                       WorkerSlice slice) {
        return new WorkloadRunner(LoadRun.builder().spec(spec).clients(clients).consumerGroup(consumerGroup).out(out),
                null, slice);
    }

    /**
     * Stops producers and consumers as soon as possible (Ctrl-C); {@link #run} then returns what it measured within
     * about {@link #STOP_GRACE}, even when the cluster is gone. Safe to call from any thread, at any time.
     */
    public void requestStop() {
        stop.request(STOP_GRACE);
        // Load not built yet: the fleets see the request when they start their threads.
        LoadPhases load = phases;
        if (load != null) {
            load.stopClients();
        }
    }

    /** Counts the records sent during faults into {@code windows}; call before {@link #run}. */
    public void recordFaultWindows(SendWindows windows) {
        this.faultWindows = windows;
    }

    /** The zero of the run's time axis ({@code IntervalPoint.endSec}), or Long.MIN_VALUE before the run starts. */
    public long runStartNanos() {
        LoadPhases load = phases;
        return load == null ? Long.MIN_VALUE : load.runStartNanos();
    }

    /** The intended time of the first measured send (start of the measured window), or Long.MAX_VALUE before it. */
    public long measuredStartNanos() {
        LoadPhases load = phases;
        return load == null ? Long.MAX_VALUE : load.producers().firstMeasuredSendNanos();
    }

    /** The measured windows on this runner's clock, once {@link #run} returned. */
    public SliceWindows windows() {
        LoadPhases load = phases;
        if (load == null) {
            return new SliceWindows(Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE);
        }
        return new SliceWindows(measuredStartNanos(), load.producers().lastMeasuredAckNanos(),
                load.consumers().groupFirstRecordNanos(), load.consumers().groupLastRecordNanos());
    }

    public RunOutcome run() {
        if (slice != null) {
            try (RunMetrics metrics = new RunMetrics(hlogDir, clock.nanoTime() / 1_000_000)) {
                return load(parts.stampMagic(slice.stampMagic()).metrics(metrics)
                        .breakdown(new PartitionBreakdown(0, null, false)).build()).runSlice(slice);
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
            TopicVerifier verifier = spec.verifies()
                    ? new TopicVerifier(admin, clients.connection(), spec.topic().name(), Stamp.ids(magic)) : null;
            TopicVerifier.Mark before = verifier == null ? null : verifier.mark();
            // A driver's records are counted from what it writes; the brokers' end offsets count them independently.
            BrokerOffsets offsets = !byPattern && spec.producers().count() > 0 && spec.producers().client().external()
                    ? BrokerOffsets.mark(admin, spec.topic().name(), partitions, out) : null;
            PartitionBreakdown breakdown = new PartitionBreakdown(partitions,
                    spec.consumers().mode() == ConsumerMode.LIVE ? PartitionLatency.END_TO_END : PartitionLatency.PUBLISH,
                    spec.consumers().enabled());
            LoadRun loadRun = parts.stampMagic(magic).metrics(metrics).breakdown(breakdown).build();
            LoadPhases load = load(loadRun);
            ShareGroupConsumers shareGroup = null;
            if (spec.consumers().mode() == ConsumerMode.SHARE) {
                shareGroup = new ShareGroupConsumers(loadRun, load.consumers());
                shareGroup.configure(admin);
            }
            boolean cold = !byPattern && spec.producers().count() > 0 && spec.consumers().mode() == ConsumerMode.BACKLOG
                    && RemoteOffload.tiered(spec.topic());
            RunOutcome outcome = load.runWhole(partitions, shareGroup, !cold ? () -> { }
                    : () -> RemoteOffload.await(admin, spec.topic().name(), partitions, stop, out));
            if (offsets != null && outcome.status() == RunStatus.COMPLETED && !stop.requested()) {
                outcome = outcome.withBrokerCheck(offsets.check(metrics.producedAll.records()));
            }
            // An interrupted or failed run is not verified: its producers may not have finished, and Ctrl-C must be quick.
            if (verifier != null && outcome.status() == RunStatus.COMPLETED && !stop.requested()) {
                outcome = outcome.withIntegrity(verify(verifier, before, load.producers()));
            }
            if (spec.topic().deleteAfter() && !byPattern) {
                deleteTopic(topics);
            }
            return outcome;
        } catch (ConfigException e) {
            throw new InvalidInputException("invalid client configuration: " + e.getMessage(), e);
        } finally {
            // After a stop the cluster may be going away: pending admin calls are not waited for.
            admin.close(stop.requested() ? STOP_GRACE : Duration.ofMillis(Long.MAX_VALUE));
        }
    }

    /** Builds the load of {@code loadRun}, where a stop request from now on reaches its clients. */
    private LoadPhases load(LoadRun loadRun) {
        LoadPhases load = new LoadPhases(loadRun);
        phases = load;
        return load;
    }

    private Integrity verify(TopicVerifier verifier, TopicVerifier.Mark before, ProducerSide producers) {
        long verifyStart = clock.nanoTime();
        Map<String, Object> settings = clients.producer(spec.producers().properties(), 0);
        if (spec.producers().client().external()) {
            // A driver's client resolves acks and idempotence with its own defaults, not the Java client's.
            settings.putAll(DriverDurability.asJava(spec.producers().client(), spec.producers().properties()));
        }
        Integrity integrity = verifier.verify(producers.sendLogs(), before, settings, brokerFaults());
        out.printf(Locale.ROOT, "verify: read %,d records of %s back in %.1f s%n", integrity.read(),
                spec.topic().name(), Units.seconds(clock.nanoTime() - verifyStart));
        return integrity;
    }

    /**
     * The faults of the run that can cost acknowledged records under loose settings: every one but a network delay
     * (which slows a broker without failing it; a leader change it causes is seen on its own) and a restart.
     */
    private List<String> brokerFaults() {
        return spec.faults().stream()
                .filter(f -> f.action() != FaultAction.DELAY && f.action() != FaultAction.RESTART
                        && f.action() != FaultAction.ADD_BROKER)
                .map(FaultSpec::describe).toList();
    }

    /** An interrupted run still cleans up its topic, but a cluster that does not answer must not cost its result. */
    private void deleteTopic(TopicSetup topics) {
        if (!stop.requested()) {
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
            throw ClientFailure.of(e);
        }
    }
}
