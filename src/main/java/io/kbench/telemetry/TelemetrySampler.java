package io.kbench.telemetry;

import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.result.telemetry.TelemetrySourceKind;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Samples brokers, host and load generator once per report interval, on the run's own clock: the run calls
 * {@link #started} with its start instant and {@link #tick} with the end of each interval (the same nanoTime the
 * interval reporter closes it with), and the values sampled for a tick become that interval's entry of every series.
 * Sampling runs on a daemon thread of its own; tick never blocks, so the run's hot paths are untouched.
 *
 * <p>Use: {@link #open} before the run, {@link #started} and {@link #tick} from the run, {@link #finish} with the
 * run's intervals, then {@link #close} (also on failure).
 */
public final class TelemetrySampler implements AutoCloseable {
    /** How long opening a source (JMX connect) may take before it is marked absent. */
    static final Duration OPEN_TIMEOUT = Duration.ofSeconds(10);
    private static final long STOP = Long.MIN_VALUE;

    private final List<SourceRunner> runners;
    /** Sources that joined during the run: opened in the background, tick by tick, until they answer. */
    private final List<SourceRunner> joining = new CopyOnWriteArrayList<>();
    /** How a broker that joins during the run is read: as the brokers of the start are. */
    /** Set once by {@link #open(TelemetryTargets, PrintStream)}; read on the thread of an add-broker fault. */
    private volatile Function<BrokerEndpoint, SampledSource> brokerSource = b -> new JmxBrokerSource(b, null, null);
    private volatile boolean closed;
    private final List<TelemetrySource> absent = new ArrayList<>();
    private final Duration sampleTimeout;
    private final SeriesTable table = new SeriesTable();
    private final List<TelemetryEvent> events = new CopyOnWriteArrayList<>();
    private final List<SampleListener> listeners = new CopyOnWriteArrayList<>();
    private final LinkedBlockingQueue<Long> ticks = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile long runStartNanos;
    private volatile boolean baselineTaken;

    private TelemetrySampler(List<SourceRunner> runners, Duration sampleTimeout) {
        this.runners = new CopyOnWriteArrayList<>(runners);
        this.sampleTimeout = sampleTimeout;
        this.thread = new Thread(this::loop, "kbench-telemetry");
        thread.setDaemon(true);
    }

    /**
     * Opens every source of {@code targets} (in parallel, each within {@link #OPEN_TIMEOUT}); one that cannot be read
     * is a one-line warning on {@code warnings} and is listed absent in the result, and the run goes on.
     */
    public static TelemetrySampler open(TelemetryTargets targets, PrintStream warnings) {
        List<SampledSource> sources = new ArrayList<>();
        for (BrokerEndpoint b : targets.brokers()) {
            sources.add(new JmxBrokerSource(b, targets.topic(), targets.jmxCredentials()));
        }
        for (int i = 0; i < targets.brokerMetrics().size(); i++) {
            String id = (targets.brokers().isEmpty() ? "broker-" : "prometheus-") + (i + 1);
            sources.add(new PrometheusBrokerSource(id, TelemetrySettings.requireHttpUrl("--broker-metrics-url",
                    targets.brokerMetrics().get(i)), targets.sampleTimeout(), targets.metricsAuth()));
        }
        if (targets.hostDataDir() != null) {
            sources.add(new HostProcSource(targets.hostDataDir()));
        }
        for (int i = 0; i < targets.nodeExporters().size(); i++) {
            String id = targets.nodeExporters().size() == 1 ? "host" : "host-" + (i + 1);
            sources.add(new NodeExporterSource(id, TelemetrySettings.requireHttpUrl("--node-exporter-url",
                    targets.nodeExporters().get(i)), targets.sampleTimeout(), targets.metricsAuth()));
        }
        sources.add(new ClientJvmSource());
        if (targets.metricsAuth() != null) {
            targets.brokerMetrics().forEach(u -> warnOfPlaintext(warnings, "--broker-metrics-url", u));
            targets.nodeExporters().forEach(u -> warnOfPlaintext(warnings, "--node-exporter-url", u));
        }
        TelemetrySampler sampler = open(sources, targets.sampleTimeout(), warnings);
        sampler.brokerSource = b -> new JmxBrokerSource(b, targets.topic(), targets.jmxCredentials());
        if (targets.hostAbsent() != null && targets.nodeExporters().isEmpty()) {
            sampler.absent.add(new TelemetrySource("host", TelemetrySourceKind.NODE_EXPORTER, null, false,
                    targets.hostAbsent()));
        }
        return sampler;
    }

    private static void warnOfPlaintext(PrintStream warnings, String flag, String url) {
        String warning = MetricsAuth.plaintextWarning(flag, TelemetrySettings.requireHttpUrl(flag, url));
        if (warning != null) {
            warnings.println(warning);
        }
    }

    static TelemetrySampler open(List<SampledSource> sources, Duration sampleTimeout, PrintStream warnings) {
        List<SourceRunner> runners = sources.stream().map(SourceRunner::new).toList();
        List<Thread> openers = new ArrayList<>();
        for (SourceRunner r : runners) {
            Thread t = new Thread(() -> r.open(OPEN_TIMEOUT), "kbench-telemetry-open");
            t.start();
            openers.add(t);
        }
        for (Thread t : openers) {
            try {
                t.join(OPEN_TIMEOUT.toMillis() + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (SourceRunner r : runners) {
            if (!r.opened()) {
                warnings.println("telemetry: " + r.source().id() + " (" + r.source().kind() + " " + r.source().address()
                        + ") cannot be read, its series are absent: " + r.problem());
            } else if (r.source() instanceof HostProcSource h && h.diskName() == null) {
                warnings.println("telemetry: the broker data dir is on no block device in /proc/diskstats;"
                        + " disk series are absent");
            }
        }
        return new TelemetrySampler(runners, sampleTimeout);
    }

    /**
     * A broker that joined the cluster during the run (an add-broker fault), read like the others from the moment its
     * JVM is launched: its JMX is tried at every tick until it answers (the JVM is still starting), and its series
     * hold values from the tick after that; earlier intervals are null. Nothing once the sampler is closed.
     */
    public void addBroker(BrokerEndpoint broker) {
        add(brokerSource.apply(broker));
    }

    void add(SampledSource source) {
        if (closed) {
            return;
        }
        SourceRunner r = new SourceRunner(source);
        joining.add(r);
        runners.add(r);
        if (closed) {
            // close() ran while it was being added and may have missed it: its thread and connection are released here.
            r.close();
        }
    }

    /** Called with every value as it is sampled, on the sampler thread. */
    public void addListener(SampleListener listener) {
        listeners.add(listener);
    }

    /** The run started at {@code nanos} (System.nanoTime): takes the baseline the first interval is measured from. */
    public void started(long nanos) {
        runStartNanos = nanos;
        if (!thread.isAlive()) {
            thread.start();
        }
        ticks.add(nanos);
    }

    /** An interval of the run ended at {@code nowNanos}; returns at once, the sample is taken on the sampler thread. */
    public void tick(long nowNanos) {
        ticks.add(nowNanos);
    }

    /**
     * Stops sampling once the ticks so far are sampled (bounded: a stuck source is abandoned) and returns the series
     * aligned with {@code intervals}, the events, and every source; diagnosis is left null.
     */
    public Telemetry finish(List<IntervalPoint> intervals) {
        if (thread.isAlive()) {
            ticks.add(STOP);
            try {
                thread.join(sampleTimeout.toMillis() * Math.max(1, ticks.size()) + 2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<TelemetrySource> sources = new ArrayList<>(runners.stream().map(SourceRunner::describe).toList());
        sources.addAll(absent);
        List<TelemetryEvent> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingDouble(TelemetryEvent::atSec));
        return new Telemetry(List.copyOf(sources), table.aligned(intervals), List.copyOf(sorted), null);
    }

    @Override
    public void close() {
        closed = true;
        ticks.add(STOP);
        thread.interrupt();
        runners.forEach(SourceRunner::close);
    }

    private void loop() {
        try {
            while (true) {
                long nanos = ticks.take();
                if (nanos == STOP) {
                    return;
                }
                sample(Units.seconds(nanos - runStartNanos));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Samples every source in parallel for the tick at {@code atSec}; the first call is the baseline. */
    private void sample(double atSec) {
        boolean baseline = !baselineTaken;
        baselineTaken = true;
        List<SourceRunner> started = new ArrayList<>();
        for (SourceRunner r : joining) {
            r.openInBackground();
            if (r.opened()) {
                joining.remove(r);
            }
        }
        for (SourceRunner r : runners) {
            Sample late = r.takeLate();
            if (late != null && !baseline) {
                // Its values belong to an interval already written as missing (and its rates would span a stall), but
                // its events happened: without them a roll during a freeze is lost.
                events.addAll(late.events());
            }
            if (r.start(atSec)) {
                started.add(r);
            } else if (r.opened()) {
                missed(r, atSec);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(sampleTimeout.toMillis());
        for (SourceRunner r : started) {
            Sample s = r.await(deadline);
            if (s == null) {
                missed(r, atSec);
            } else if (!baseline) {
                record(s);
            }
        }
    }

    /** A source that did not answer this tick: its values stay null, and a broker's first miss is an event. */
    private void missed(SourceRunner r, double atSec) {
        SampledSource s = r.source();
        boolean broker = s.kind() == TelemetrySourceKind.EMBEDDED_JMX || s.kind() == TelemetrySourceKind.JMX
                || s.kind() == TelemetrySourceKind.PROMETHEUS;
        if (r.missedFirstTime() && broker) {
            String why = r.problem() != null ? r.problem()
                    : "no answer from " + s.address() + " within " + sampleTimeout.toMillis() + " ms";
            events.add(new TelemetryEvent(atSec, TelemetryEventType.BROKER_UNRESPONSIVE, s.id(), why));
        }
    }

    private void record(Sample s) {
        for (Map.Entry<TelemetryMetric, Double> e : s.values().entrySet()) {
            table.put(e.getKey(), s.sourceId(), s.atSec(), e.getValue());
            for (SampleListener l : listeners) {
                try {
                    l.sampled(e.getKey(), s.sourceId(), e.getValue());
                } catch (RuntimeException ignored) {
                    // A broken observer must not stop sampling.
                }
            }
        }
        events.addAll(s.events());
    }
}
