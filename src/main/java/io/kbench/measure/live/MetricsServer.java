package io.kbench.measure.live;

import io.kbench.error.InvalidInputException;
import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LiveMetrics;
import io.kbench.result.io.Redactor;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.unit.Units;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Serves {@code /metrics} on a port for as long as it is open. Counters are advanced once per report interval by the
 * interval's counts (never per record), latency gauges hold the last interval's percentiles, and every
 * {@link TelemetryMetric} is a gauge labelled by source, set by {@link #sampled}. docs/diagnosis.md lists the names.
 */
public final class MetricsServer implements LiveMetrics, AutoCloseable {
    static final String PREFIX = "kbench_";
    private static final String[] QUANTILES = {"0.5", "0.99", "0.999", "1"};

    private final HTTPServer server;
    private final Counter producedRecords;
    private final Counter producedBytes;
    private final Counter consumedRecords;
    private final Counter consumedBytes;
    private final Counter produceErrors;
    private final Gauge latency;
    private final Gauge measuring;
    private final Map<TelemetryMetric, Gauge> telemetry = new EnumMap<>(TelemetryMetric.class);

    private MetricsServer(PrometheusRegistry registry, HTTPServer server) {
        this.server = server;
        producedRecords = counter(registry, "produced_records", "records acknowledged (warm-up included)", null);
        producedBytes = counter(registry, "produced_bytes", "bytes acknowledged, keys and values (warm-up included)", Unit.BYTES);
        consumedRecords = counter(registry, "consumed_records", "records consumed (warm-up included)", null);
        consumedBytes = counter(registry, "consumed_bytes", "bytes consumed (warm-up included)", Unit.BYTES);
        produceErrors = counter(registry, "produce_errors", "failed sends", null);
        latency = Gauge.builder().name(PREFIX + "latency_seconds").unit(Unit.SECONDS)
                .help("latency percentile of the records completed in the last report interval (quantile 1 = max);"
                        + " kind: publish, end_to_end or send_delay")
                .labelNames("kind", "quantile").register(registry);
        measuring = Gauge.builder().name(PREFIX + "measuring")
                .help("1 once the last report interval was measured (after warm-up), else 0").register(registry);
        for (TelemetryMetric m : TelemetryMetric.values()) {
            telemetry.put(m, Gauge.builder().name(PREFIX + m.json()).help(m.description() + " (" + m.unit() + ")")
                    .labelNames("source").register(registry));
        }
    }

    /** The address served unless {@code --metrics-address} widens it: only local processes can scrape. */
    public static final String DEFAULT_ADDRESS = "127.0.0.1";

    /**
     * Starts serving on {@code port} of {@code address} (an interface's IP or host name; {@code 0.0.0.0}: all). A port
     * outside 1..65535 or already in use, or an address that is not local, is invalid input, reported before anything
     * else starts.
     */
    public static MetricsServer start(String address, int port) {
        if (port < 1 || port > 65_535) {
            throw InvalidInputException.field("--metrics-port", port, "must be a TCP port, 1..65535");
        }
        InetAddress bind;
        try {
            bind = InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw InvalidInputException.field("--metrics-address", address, "is not a known host or IP address");
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        HTTPServer server;
        try {
            server = HTTPServer.builder().inetAddress(bind).port(port).registry(registry).buildAndStart();
        } catch (BindException e) {
            throw InvalidInputException.field("--metrics-port", port, "is in use by another process (or " + address
                    + " is not an address of this host)");
        } catch (IOException e) {
            throw InvalidInputException.field("--metrics-port", port, "cannot be served: " + e.getMessage());
        }
        return new MetricsServer(registry, server);
    }

    /** The port served, e.g. to print the address. */
    public int port() {
        return server.getPort();
    }

    @Override
    public void interval(IntervalPoint point, IntervalCounts counts) {
        producedRecords.inc(counts.producedRecords());
        producedBytes.inc(counts.producedBytes());
        consumedRecords.inc(counts.consumedRecords());
        consumedBytes.inc(counts.consumedBytes());
        produceErrors.inc(counts.produceErrors());
        measuring.set(point.phase() == IntervalPhase.MEASURED ? 1 : 0);
        latency("publish", point.publishLatencyMicros());
        latency("end_to_end", point.endToEndLatencyMicros());
        latency("send_delay", point.sendDelayMicros());
    }

    @Override
    public void sampled(TelemetryMetric metric, String source, double value) {
        if (Double.isFinite(value)) {
            // A source is a broker address or a configured URL, which may carry credentials (user:pass@, ?token=).
            telemetry.get(metric).labelValues(Redactor.redactUrls(source)).set(value);
        }
    }

    /** An interval with nothing completed keeps the previous figures: a scrape then shows the last measured ones. */
    private void latency(String kind, LatencyStats l) {
        if (l == null || l.count() == 0) {
            return;
        }
        long[] micros = {l.p50(), l.p99(), l.p999(), l.max()};
        for (int i = 0; i < QUANTILES.length; i++) {
            latency.labelValues(kind, QUANTILES[i]).set(Units.millis(micros[i]) / 1000.0);
        }
    }

    private static Counter counter(PrometheusRegistry registry, String name, String help, Unit unit) {
        Counter.Builder b = Counter.builder().name(PREFIX + name).help(help);
        if (unit != null) {
            b.unit(unit);
        }
        return b.register(registry);
    }

    /** Stops serving; idempotent. */
    @Override
    public void close() {
        server.close();
    }
}
