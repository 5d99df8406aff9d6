package io.kbench.load;

import io.kbench.driver.DriverControl;
import io.kbench.driver.DriverEvent;
import io.kbench.driver.DriverProperties;
import io.kbench.driver.DriverRole;
import io.kbench.driver.DriverSlice;
import io.kbench.driver.EncodedHistogram;
import io.kbench.driver.SendLogFile;
import io.kbench.driver.SliceKeys;
import io.kbench.driver.SliceProducers;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.load.integrity.SendLog;
import io.kbench.measure.IntervalContributor;
import io.kbench.measure.RunMetrics;
import io.kbench.measure.SendWindows;
import io.kbench.spec.KeyType;
import io.kbench.spec.ProducerSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A run's producers in a driver process of another client (producers.client, docs/drivers.md): one process for all the
 * slice's threads, handed the same schedule, warm-up, values and keys the Java threads would have, started on the
 * common start, and followed by one thread ({@link DriverStream#follow}) that ends with the driver's {@code done}. A
 * verified run's driver writes a send log per thread, replayed into kbench's own {@link SendLog}s before its files are
 * deleted ({@link SendLogFile}: checked, as anything another process writes).
 */
final class DriverProducers implements ProducerSide {
    /** In-flight records' grace after a stop (Ctrl-C): the run returns within about WorkloadRunner.STOP_GRACE. */
    private static final long STOP_GRACE_MS = 3_000;

    private final LoadRun run;
    private DriverFiles files;
    /** Where a verified run's driver writes its send logs, else null. */
    private String sendLogDir;
    private volatile DriverStream stream;
    private volatile List<SendLog> sendLogs = List.of();
    /** A send log or fault window of the driver's that kbench refused, as the run's failure; else null. */
    private volatile String sendLogFailure;

    DriverProducers(LoadRun run) {
        this.run = run;
    }

    @Override
    public void prepare(int first, int count) {
        ProducerSpec p = run.spec().producers();
        PayloadGenerator payloads = ProducerFleet.payloads(run.spec());
        KeyPool keys = new KeyPool(p.keys());
        boolean indices = p.keys().type() == KeyType.RANDOM || p.keys().type() == KeyType.ZIPF;
        files = DriverFiles.create();
        sendLogDir = run.spec().verifies() ? files.sendLogDir() : null;
        List<String> values = new ArrayList<>();
        List<String> keyFiles = new ArrayList<>();
        List<Long> warmup = new ArrayList<>();
        List<Long> measured = new ArrayList<>();
        for (int g = first; g < first + count; g++) {
            values.add(files.values(g, payloads.valuesForThread(g)));
            if (indices) {
                keyFiles.add(files.keyIndices(g, keys, p.payload().seed() + g));
            }
            warmup.add(EvenSplit.portion(p.warmupRecords() == null ? 0 : p.warmupRecords(), p.count(), g));
            if (p.records() != null) {
                measured.add(EvenSplit.portion(p.records(), p.count(), g));
            }
        }
        SliceKeys sliceKeys = switch (p.keys().type()) {
            case NONE -> SliceKeys.none();
            case ROUND_ROBIN -> new SliceKeys(SliceKeys.Type.ROUND_ROBIN, keys.size(), null);
            case RANDOM, ZIPF -> new SliceKeys(SliceKeys.Type.INDICES, keys.size(), keyFiles);
        };
        SliceProducers producers = SliceProducers.builder().threads(first, count, p.count())
                .ratePerThread(p.unlimitedRate() ? 0 : p.rate() / p.count())
                .warmup(warmup, p.warmupDuration() == null ? 0 : p.warmupDuration().toNanos(), p.autoWarmup())
                .measuredRecords(p.records() == null ? null : measured)
                .measuredNanos(p.records() == null ? p.duration().toNanos() : null)
                .valuesFiles(values).keys(sliceKeys).verify(sendLogDir).build();
        DriverSlice slice = new DriverSlice(DriverSlice.CONTRACT, runId(run), DriverRole.PRODUCERS,
                run.clients().bootstrapServers(), run.topic(), run.stampMagic(), clockOffsetNanos(run),
                run.spec().reportInterval().toNanos(),
                DriverProperties.map(p.client(), DriverRole.PRODUCERS, p.properties(), run.clients().connection()),
                producers, null);
        stream = DriverStream.launch(run.drivers(), p.client(), slice, run.metrics());
    }

    /**
     * What the driver adds to CLOCK_MONOTONIC (HotSpot's System.nanoTime on Linux) to read the run's clock: 0 on a
     * local run; a worker's slice runs on the cluster's shared clock, whose offset is read here once, the midpoint of
     * two monotonic readings around it (a few hundred nanoseconds apart).
     */
    static long clockOffsetNanos(LoadRun run) {
        if (run.clock() == NanoClock.SYSTEM) {
            return 0;
        }
        long before = System.nanoTime();
        long shared = run.clock().nanoTime();
        long after = System.nanoTime();
        return shared - (before + (after - before) / 2);
    }

    /** The slice's run id: the run's stamp number, which also names its transactional ids. */
    static String runId(LoadRun run) {
        return "kb-" + Integer.toHexString(run.stampMagic());
    }

    @Override
    public List<Thread> start(long startNanos, int first, int count, AutoWarmup autoWarmup) {
        DriverStream driver = stream;
        if (autoWarmup != null) {
            // The rule judges the driver's warm-up acknowledgements with kbench's own; its end is sent to the driver.
            driver.warmupTo(autoWarmup::acknowledged);
            autoWarmup.onEnd(end -> driver.send(DriverControl.warmupEnd(end)));
        }
        driver.started(startNanos);
        // The run's fault windows reach the driver, which counts its own records into them (docs/drivers.md).
        run.metrics().faultWindows.observe(new SendWindows.Observer() {
            @Override
            public void opened(int index, long startNanosOfWindow) {
                driver.send(DriverControl.faultOpen(index, startNanosOfWindow));
            }

            @Override
            public void closed(int index, long endNanos) {
                driver.send(DriverControl.faultClose(index, endNanos));
            }
        });
        if (run.stop().requested()) {
            requestStop();
        }
        return List.of(StopSignal.start(() -> {
            driver.follow();
            countFaultWindows(driver);
            readSendLogs(driver, first, count);
        }, "kbench-driver-producers"));
    }

    /**
     * What the driver counted into each fault window (its {@code done.faults}: the publish latency of the measured
     * records intended inside it, how many failed, and how many were acknowledged inside it) added to the run's windows,
     * as the Java threads add theirs record by record. A histogram kbench cannot read, or a window holding more records
     * than the driver counted as measured, fails the run.
     */
    private void countFaultWindows(DriverStream driver) {
        DriverEvent.Done done = driver.done();
        if (done == null) {
            return;
        }
        // A window holds at most the records the driver counted as measured: its own text is bounded by its intervals.
        long measured = run.metrics().producedMeasured.records() + run.metrics().produceErrors.total();
        try {
            for (DriverEvent.FaultWindow w : done.faults()) {
                Histogram publish = EncodedHistogram.decode("done.faults.publish", w.publish());
                if (w.acknowledged() > measured || w.failures() > measured || publish.getTotalCount() > measured) {
                    throw InvalidInputException.field("done.faults[" + w.index() + "]", w.acknowledged() + " acknowledged, "
                            + w.failures() + " failed, " + publish.getTotalCount() + " latencies",
                            "is more than the " + measured + " measured records the driver counted");
                }
                run.metrics().faultWindows.addCounted(w.index(), publish, w.failures(), w.acknowledged());
            }
        } catch (InvalidInputException e) {
            sendLogFailure = "driver " + driver.ready().client() + " (pid " + driver.ready().pid() + ") wrote a fault"
                    + " window kbench cannot read: " + e.getMessage();
        }
    }

    /**
     * A verified slice that completed: its send logs, one per thread, replayed in thread order (LogCheck finds thread
     * g's log at index g). They hold at most the records the driver's intervals counted as acknowledged or failed
     * (the only producers of this run are the driver's). A file kbench refuses fails the run.
     */
    private void readSendLogs(DriverStream driver, int first, int count) {
        DriverEvent.Done done = driver.done();
        if (sendLogDir == null || done == null || done.status() != DriverEvent.Status.COMPLETED
                || driver.failure() != null) {
            return; // an unfinished run is not verified
        }
        RunMetrics m = run.metrics();
        long accounted = m.producedAll.records() + m.produceErrors.total() + m.warmupProduceErrors.total();
        SendLog[] logs = new SendLog[count];
        try {
            SendLogFile.readAll(done.sendLogs(), new SendLogFile.Limits(Path.of(sendLogDir), first, count, accounted),
                    g -> {
                        logs[g - first] = new SendLog(g);
                        return logs[g - first]::replay;
                    });
            sendLogs = List.of(logs);
        } catch (RunFailedException e) {
            sendLogFailure = "verify: driver " + driver.ready().client() + " (pid " + driver.ready().pid() + "), "
                    + e.getMessage();
        }
    }

    @Override
    public void requestStop() {
        DriverStream driver = stream;
        if (driver != null) {
            driver.stop(STOP_GRACE_MS);
        }
    }

    @Override
    public boolean isEmpty() {
        return stream == null;
    }

    @Override
    public boolean measuring() {
        return firstMeasuredSendNanos() != Long.MAX_VALUE;
    }

    @Override
    public long firstMeasuredSendNanos() {
        DriverStream driver = stream;
        return driver == null ? Long.MAX_VALUE : driver.firstMeasuredSendNanos();
    }

    @Override
    public long lastMeasuredAckNanos() {
        DriverStream driver = stream;
        return driver == null ? Long.MIN_VALUE : driver.lastMeasuredAckNanos();
    }

    @Override
    public String failure() {
        DriverStream driver = stream;
        String failure = driver == null ? null : driver.failure();
        return failure != null ? failure : sendLogFailure;
    }

    @Override
    public List<SendLog> sendLogs() {
        return sendLogs;
    }

    @Override
    public List<IntervalContributor> contributors() {
        DriverStream driver = stream;
        return driver == null ? List.of() : List.of(driver);
    }

    /** The driver that ran, or null before {@link #prepare}: what it said of itself goes into the result. */
    DriverStream driver() {
        return stream;
    }

    @Override
    public void close() {
        DriverStream driver = stream;
        if (driver != null) {
            driver.close();
        }
        if (files != null) {
            files.close();
        }
    }
}
