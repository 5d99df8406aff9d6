package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The load generator (S4's lesson: on a small machine kbench itself can be the bottleneck). Its CPU is kbench's JVM
 * (telemetry) plus any driver process that ran a side of the run ({@link DriverCpu}, from the result's loadCpu).
 * Limited when it uses at least {@link Thresholds#CPU_SATURATED_SHARE} of its cores; or when its machine is busy
 * ({@link Thresholds#HOST_BUSY_PERCENT}) and it uses more of it than brokers sharing the machine; or when the send
 * delay grew (p99 of the last third of the measured intervals at least {@link Thresholds#SEND_DELAY_GROWN_MS} and
 * {@link Thresholds#SEND_DELAY_GROWTH} x the first third's) while every broker's request handlers stayed at least
 * {@link Thresholds#BROKERS_IDLE_PERCENT} idle.
 */
final class LoadGeneratorRule implements Rule {
    private static final LimitingResource R = LimitingResource.LOAD_GENERATOR_CPU;

    @Override
    public Judgement judge(RunEvidence e) {
        List<Figure> figures = new ArrayList<>();
        Optional<Judgement> cpu = cpu(e, figures);
        if (cpu.isPresent()) {
            return cpu.get();
        }
        Optional<Judgement> delay = sendDelay(e, figures);
        if (delay.isPresent()) {
            return delay.get();
        }
        OptionalDouble client = e.sumOfMeans(TelemetryMetric.CLIENT_CPU_PERCENT);
        if (client.isEmpty() && e.drivers().isEmpty()) {
            return Judgement.notJudged(R, figures.isEmpty() ? "no load generator CPU series"
                    : "no load generator CPU series; send delay did not grow");
        }
        return Judgement.clear(R, "load generator CPU " + Text.percent(client.orElse(0) + driversPercent(e))
                + withDrivers(e), figures);
    }

    private static double driversPercent(RunEvidence e) {
        return e.drivers().stream().mapToDouble(DriverCpu::meanPercent).sum();
    }

    /** {@code  (kbench's JVM 40%, franz-go driver (producers) 110%)}, or nothing for the Java client alone. */
    private static String withDrivers(RunEvidence e) {
        if (e.drivers().isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        e.extreme(TelemetryMetric.CLIENT_CPU_PERCENT, true).ifPresent(m -> parts.add("kbench's JVM " + Text.percent(m.mean())));
        e.drivers().forEach(d -> parts.add(d.label() + " " + Text.percent(d.meanPercent())));
        return " (" + String.join(", ", parts) + ")";
    }

    private static Optional<Judgement> cpu(RunEvidence e, List<Figure> figures) {
        Optional<RunEvidence.SourceMean> client = e.extreme(TelemetryMetric.CLIENT_CPU_PERCENT, true);
        if (client.isEmpty() && e.drivers().isEmpty()) {
            return Optional.empty();
        }
        // A side in a driver process spends its CPU outside kbench's JVM: both are the load generator's.
        double used = client.map(RunEvidence.SourceMean::mean).orElse(0.0) + driversPercent(e);
        double capacity = e.cores().client() * 100.0;
        client.ifPresent(c -> figures.add(Figures.mean(TelemetryMetric.CLIENT_CPU_PERCENT, c, "")));
        for (DriverCpu d : e.drivers()) {
            figures.add(Figures.of("driver_cpu_percent_" + d.side(), d.label() + " CPU", d.meanPercent(), "%",
                    "loadCpu." + d.side() + ".cpuSeconds / its measured window seconds x 100%"));
        }
        figures.add(Figures.of("client_cpu_share", "load generator CPU share of cores", used / capacity, "ratio",
                (e.drivers().isEmpty() ? "client_cpu_percent" : "(client_cpu_percent + driver CPU)") + " / ("
                        + e.cores().client() + " cores x 100%)"));
        if (used / capacity >= Thresholds.CPU_SATURATED_SHARE) {
            return Optional.of(Judgement.limited(R, "load generator CPU " + Text.percent(used) + withDrivers(e) + " of "
                    + Text.percent(capacity) + " (" + e.cores().client() + " cores)", figures));
        }
        OptionalDouble busy = HostCpu.busyPercent(e);
        if (busy.isEmpty() || busy.getAsDouble() < Thresholds.HOST_BUSY_PERCENT) {
            return Optional.empty();
        }
        figures.add(HostCpu.figure(busy.getAsDouble()));
        OptionalDouble brokers = e.sumOfMeans(TelemetryMetric.BROKER_CPU_PERCENT);
        double own = used + (e.cores().brokersOnClientHost() ? brokers.orElse(0) : 0);
        if (HostCpu.ownShare(busy.getAsDouble(), own, e.cores().client()) < Thresholds.OWN_SHARE_OF_BUSY) {
            return Optional.empty(); // the machine is busy with other processes: not the load generator's doing
        }
        if (!e.cores().brokersOnClientHost()) {
            return Optional.of(Judgement.inferredLimited(R, "host CPU busy " + Text.percent(busy.getAsDouble())
                    + ", the load generator uses " + Text.percent(used), figures));
        }
        if (brokers.isPresent() && used >= brokers.getAsDouble()) {
            return Optional.of(Judgement.inferredLimited(R, "host CPU busy " + Text.percent(busy.getAsDouble())
                    + ", the load generator uses " + Text.percent(used) + " vs the brokers' "
                    + Text.percent(brokers.getAsDouble()), figures));
        }
        return Optional.empty();
    }

    private static Optional<Judgement> sendDelay(RunEvidence e, List<Figure> figures) {
        int[] measured = e.measured();
        int third = measured.length / 3;
        if (third < 1) {
            return Optional.empty();
        }
        OptionalDouble first = meanSendDelayMs(e, Arrays.copyOfRange(measured, 0, third));
        OptionalDouble last = meanSendDelayMs(e, Arrays.copyOfRange(measured, measured.length - third, measured.length));
        Optional<RunEvidence.SourceMean> leastIdle = e.extreme(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, false);
        if (first.isEmpty() || last.isEmpty() || leastIdle.isEmpty()) {
            return Optional.empty();
        }
        double a = first.getAsDouble();
        double b = last.getAsDouble();
        boolean grew = b >= Thresholds.SEND_DELAY_GROWN_MS && b >= Thresholds.SEND_DELAY_GROWTH * a;
        if (!grew || leastIdle.get().mean() < Thresholds.BROKERS_IDLE_PERCENT) {
            return Optional.empty();
        }
        figures.add(Figures.of("send_delay_p99_first_third_ms", "send delay p99, first third", a, "ms",
                "mean of the interval send delay p99 over the first " + third + " measured intervals"));
        figures.add(Figures.of("send_delay_p99_last_third_ms", "send delay p99, last third", b, "ms",
                "mean of the interval send delay p99 over the last " + third + " measured intervals"));
        figures.add(Figures.mean(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT, leastIdle.get(), "the least idle broker"));
        return Optional.of(Judgement.limited(R, "send delay p99 grew from " + Text.ms(a) + " to " + Text.ms(b)
                + " while request handler idle stayed " + Text.percent(leastIdle.get().mean()), figures));
    }

    private static OptionalDouble meanSendDelayMs(RunEvidence e, int[] indexes) {
        return Arrays.stream(indexes).mapToDouble(e::sendDelayP99Micros).filter(v -> !Double.isNaN(v))
                .map(Units::millis).average();
    }
}
