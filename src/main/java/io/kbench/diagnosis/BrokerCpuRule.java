package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Broker CPU: limited when the brokers use at least {@link Thresholds#CPU_SATURATED_SHARE} of their machine's cores
 * (summed over brokers that share kbench's machine, else the busiest broker), or when kbench's machine is busy
 * ({@link Thresholds#HOST_BUSY_PERCENT}) and the brokers on it use more of it than the load generator, or when the
 * busiest broker uses that share of the CPU kbench limits each broker to (cluster.limits): a broker held to half a core
 * is saturated at 45%, however idle the machine; or when the cgroup of a broker held to a quota was throttled in
 * {@link Thresholds#THROTTLED_PERIODS_PERCENT} of its quota periods, measured from its {@code cpu.stat}.
 */
final class BrokerCpuRule implements Rule {
    private static final LimitingResource R = LimitingResource.BROKER_CPU;

    @Override
    public Judgement judge(RunEvidence e) {
        Optional<RunEvidence.SourceMean> busiest = e.extreme(TelemetryMetric.BROKER_CPU_PERCENT, true);
        if (busiest.isEmpty()) {
            return Judgement.notJudged(R, "no broker CPU series");
        }
        Cores cores = e.cores();
        double used = cores.brokersOnClientHost() ? e.sumOfMeans(TelemetryMetric.BROKER_CPU_PERCENT).getAsDouble()
                : busiest.get().mean();
        List<Figure> figures = new ArrayList<>();
        figures.add(Figures.mean(TelemetryMetric.BROKER_CPU_PERCENT, busiest.get(), "the busiest broker"));
        figures.add(Figures.of("broker_cpu_used_percent", "broker CPU used", used, "%", cores.brokersOnClientHost()
                ? "sum over brokers of their mean broker_cpu_percent (they share this machine's cores)"
                : "the busiest broker's mean broker_cpu_percent"));
        String text = "broker CPU " + Text.percent(used);
        if (cores.brokerLimitPercent() > 0) {
            double limit = cores.brokerLimitPercent();
            RunEvidence.SourceMean b = busiest.get();
            figures.add(Figures.of("broker_cpu_limit_share", "busiest broker's CPU share of its limit", b.mean() / limit,
                    "ratio", "busiest broker's mean broker_cpu_percent / its cluster.limits CPU (" + Text.percent(limit)
                            + ")"));
            Optional<RunEvidence.SourceMean> throttled = e.extreme(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT, true);
            throttled.ifPresent(th -> figures.add(Figures.mean(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT, th,
                    "the most throttled broker")));
            String throttledText = throttled.map(th -> ", throttled in " + Text.percent(th.mean()) + " of its quota periods"
                    + (th.source().equals(b.source()) ? "" : " on " + th.source())).orElse("");
            if (b.mean() / limit >= Thresholds.CPU_SATURATED_SHARE) {
                return Judgement.limited(R, "broker CPU " + Text.percent(b.mean()) + " on " + b.source() + " of its "
                        + Text.percent(limit) + " limit (cluster.limits)" + throttledText, figures);
            }
            if (throttled.isPresent() && throttled.get().mean() >= Thresholds.THROTTLED_PERIODS_PERCENT) {
                return Judgement.limited(R, throttled.get().source() + " throttled in " + Text.percent(throttled.get().mean())
                        + " of its CPU quota periods (cluster.limits), at " + Text.percent(b.mean()) + " of its "
                        + Text.percent(limit) + " limit on average", figures);
            }
        }
        if (cores.brokerHost() > 0) {
            double capacity = cores.brokerHost() * 100.0;
            figures.add(Figures.of("broker_cpu_share", "broker CPU share of cores", used / capacity, "ratio",
                    "broker_cpu_used_percent / (" + cores.brokerHost() + " cores x 100%)"));
            if (used / capacity >= Thresholds.CPU_SATURATED_SHARE) {
                return Judgement.limited(R, text + " of " + Text.percent(capacity) + " (" + cores.brokerHost()
                        + " cores)", figures);
            }
        }
        OptionalDouble busy = HostCpu.busyPercent(e);
        OptionalDouble client = e.sumOfMeans(TelemetryMetric.CLIENT_CPU_PERCENT);
        if (cores.brokersOnClientHost() && busy.isPresent() && client.isPresent()) {
            figures.add(HostCpu.figure(busy.getAsDouble()));
            if (busy.getAsDouble() >= Thresholds.HOST_BUSY_PERCENT && used > client.getAsDouble()
                    && HostCpu.ownShare(busy.getAsDouble(), used + client.getAsDouble(), cores.client())
                    >= Thresholds.OWN_SHARE_OF_BUSY) {
                return Judgement.inferredLimited(R, "host CPU busy " + Text.percent(busy.getAsDouble()) + ", brokers use "
                        + Text.percent(used) + " vs the load generator's " + Text.percent(client.getAsDouble()), figures);
            }
        }
        if (cores.brokerHost() == 0) {
            return Judgement.notJudged(R, text + " on brokers of unknown size");
        }
        return Judgement.clear(R, text, figures);
    }
}
