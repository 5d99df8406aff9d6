package io.kbench.experiment;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.diagnosis.Cores;
import io.kbench.diagnosis.CurrentLimit;
import io.kbench.diagnosis.Diagnoser;
import io.kbench.diagnosis.DriverCpu;
import io.kbench.fault.BrokerReports;
import io.kbench.load.IntervalTicks;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.spec.BrokerLimits;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.BrokerAppInfo;
import io.kbench.telemetry.BrokerEndpoint;
import io.kbench.telemetry.TelemetrySampler;
import io.kbench.telemetry.TelemetrySettings;
import io.kbench.telemetry.TelemetryTargets;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a run samples beside its load, assembled from what the experiment knows (the cluster stays unaware of
 * telemetry): the embedded brokers' JMX ports and data dir, or the external sources the user named.
 */
final class RunTelemetry {
    private RunTelemetry() {
    }

    /** The opened sampler for this run, or null when telemetry is off. */
    static TelemetrySampler open(TelemetrySettings settings, WorkloadSpec spec, EmbeddedCluster embedded,
                                 String bootstrap, PrintStream out) {
        if (!settings.enabled()) {
            return null;
        }
        StartedClusterTelemetry started = embedded != null || !settings.brokerJmx().isEmpty()
                || !settings.brokerMetricsUrls().isEmpty() ? null : StartedClusterTelemetry.find(settings, bootstrap);
        if (started != null) {
            out.println("telemetry: the brokers of the kbench cluster in " + started.dir() + " (" + started.brokers().size()
                    + " JMX addresses) and this host");
        }
        TelemetrySampler sampler = TelemetrySampler.open(targets(settings, spec, embedded, started), out);
        if (settings.listener() != null) {
            sampler.addListener(settings.listener());
        }
        return sampler;
    }

    /**
     * The brokers whose versions a run's result reads over JMX: the endpoints and credentials telemetry samples (the
     * embedded brokers, --broker-jmx, or the kbench cluster the run connects to), whether or not telemetry is on.
     */
    static TelemetryTargets versionTargets(TelemetrySettings settings, WorkloadSpec spec, EmbeddedCluster embedded,
                                           String bootstrap) {
        StartedClusterTelemetry started = null;
        if (embedded == null && settings.brokerJmx().isEmpty()) {
            try {
                started = StartedClusterTelemetry.find(settings, bootstrap);
            } catch (RuntimeException unusable) {
                // Only reached with telemetry off (open() refuses a bad --cluster-dir before the run): no versions then.
                started = null;
            }
        }
        return targets(settings, spec, embedded, started);
    }

    /**
     * What an embedded broker reports of itself, read over JMX as the result's versions are (a roll step to another
     * release records it); nothing for an external cluster, whose brokers kbench does not restart.
     */
    static BrokerReports brokerReports(EmbeddedCluster embedded) {
        if (embedded == null) {
            return BrokerReports.NONE;
        }
        return broker -> BrokerAppInfo.read(List.of(endpoint(embedded, broker)), embedded.jmxCredentials()).stream()
                .findFirst();
    }

    static TelemetryTargets targets(TelemetrySettings settings, WorkloadSpec spec, EmbeddedCluster embedded,
                                    StartedClusterTelemetry started) {
        String topic = spec.consumers().topicPattern() != null ? null : spec.topic().name();
        if (started != null) {
            // Brokers on this host: their data dir's disk and the host's CPU come from /proc, as for an embedded run.
            // A password file the user named wins over the directory's, which wins over the environment.
            String[] credentials = settings.jmxPasswordFile() == null && started.jmxCredentials() != null
                    ? started.jmxCredentials() : settings.jmxCredentials();
            return new TelemetryTargets(started.brokers(), started.dataDir(), null, topic, spec.reportInterval(),
                    credentials, settings.brokerMetricsUrls(), settings.nodeExporterUrls(), settings.metricsAuth());
        }
        List<BrokerEndpoint> brokers = new ArrayList<>();
        if (embedded != null) {
            embedded.brokerIds().forEach(id -> brokers.add(endpoint(embedded, id)));
        } else {
            for (int i = 0; i < settings.brokerJmx().size(); i++) {
                brokers.add(new BrokerEndpoint("broker-" + (i + 1), settings.brokerJmx().get(i), 0, false));
            }
        }
        String hostAbsent = embedded != null ? null
                : "external cluster: the broker hosts' figures need --node-exporter-url";
        return new TelemetryTargets(brokers, embedded == null ? null : embedded.dataDir(), hostAbsent, topic,
                spec.reportInterval(),
                embedded != null ? embedded.jmxCredentials() : settings.jmxCredentials(),
                settings.brokerMetricsUrls(),
                settings.nodeExporterUrls(),
                settings.metricsAuth());
    }

    /**
     * Samples every broker an add-broker fault launches from its start on, as the brokers of the start are; returns
     * what stops following them (a shared cluster outlives the run).
     */
    static Runnable followAddedBrokers(TelemetrySampler sampler, EmbeddedCluster embedded) {
        if (sampler == null || embedded == null) {
            return () -> { };
        }
        return embedded.onBrokerAdded(id -> sampler.addBroker(endpoint(embedded, id)));
    }

    private static BrokerEndpoint endpoint(EmbeddedCluster embedded, int id) {
        int i = embedded.brokerIds().indexOf(id);
        return new BrokerEndpoint("broker-" + id, embedded.jmxAddresses().get(i), embedded.pids().get(i), true);
    }

    /**
     * The CPU the diagnosis judges against: this machine's cores, shared with the brokers when kbench started them, each
     * broker held to its cluster.limits CPU when set.
     */
    static Cores cores(WorkloadSpec spec, boolean embeddedCluster, int machineCores) {
        int n = Math.max(1, machineCores);
        if (!embeddedCluster) {
            return Cores.external(n);
        }
        BrokerLimits limits = spec.cluster() == null ? null : spec.cluster().limits();
        return Cores.embedded(n, limits == null ? null : limits.cpuCores());
    }

    /**
     * The run's interval clock, handed to the sampler, which in turn tells the progress line what the diagnosis's rules
     * name as the limit on the samples so far; nothing when telemetry is off.
     */
    static IntervalTicks ticks(TelemetrySampler sampler, Cores cores) {
        if (sampler == null) {
            return IntervalTicks.NONE;
        }
        CurrentLimit limit = new CurrentLimit(cores);
        sampler.addListener(limit::sampled);
        return new IntervalTicks() {
            @Override
            public void started(long startNanos) {
                sampler.started(startNanos);
            }

            @Override
            public void ticked(long nowNanos) {
                sampler.tick(nowNanos);
            }

            @Override
            public LimitingResource currentLimit(IntervalPhase linePhase) {
                return limit.current(linePhase);
            }
        };
    }

    /**
     * The sampled evidence with the faults as events on the same axis, and the diagnosis made from it; null without
     * telemetry.
     */
    static Telemetry evidence(TelemetrySampler sampler, List<IntervalPoint> intervals, List<FaultResult> faults,
                             Cores cores, Boolean metSchedule, List<DriverCpu> drivers) {
        Telemetry sampled = sampler == null ? null : sampler.finish(intervals);
        if (sampled == null) {
            return null;
        }
        List<TelemetryEvent> events = new ArrayList<>(sampled.events());
        for (FaultResult f : faults == null ? List.<FaultResult>of() : faults) {
            String detail = f.spec().action() + (f.brokerId() == null ? "" : " broker " + f.brokerId());
            if (f.startSec() != null) {
                events.add(new TelemetryEvent(f.startSec(), TelemetryEventType.FAULT_START, "fault", detail));
            }
            if (f.endSec() != null) {
                events.add(new TelemetryEvent(f.endSec(), TelemetryEventType.FAULT_END, "fault", detail));
            }
        }
        events.sort(Comparator.comparingDouble(TelemetryEvent::atSec));
        Telemetry withFaults = new Telemetry(sampled.sources(), sampled.series(), events, sampled.diagnosis());
        return Diagnoser.attach(withFaults, intervals, cores, metSchedule, drivers);
    }
}
