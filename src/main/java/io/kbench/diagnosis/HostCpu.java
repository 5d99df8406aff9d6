package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.OptionalDouble;

/** The load generator machine's busy CPU: user + system + steal (steal when sampled), 100 = all cores. */
final class HostCpu {
    private HostCpu() {
    }

    static OptionalDouble busyPercent(RunEvidence e) {
        OptionalDouble user = mean(e, TelemetryMetric.HOST_CPU_USER_PERCENT);
        OptionalDouble system = mean(e, TelemetryMetric.HOST_CPU_SYSTEM_PERCENT);
        if (user.isEmpty() || system.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(user.getAsDouble() + system.getAsDouble()
                + mean(e, TelemetryMetric.HOST_CPU_STEAL_PERCENT).orElse(0));
    }

    /**
     * How much of the machine's busy CPU kbench's own processes account for: {@code processPercent} (100 = one core,
     * summed over the load generator and the brokers on this machine) over {@code busyPercent} (100 = all cores).
     */
    static double ownShare(double busyPercent, double processPercent, int cores) {
        double busyCores = busyPercent / 100 * cores;
        return busyCores <= 0 ? 0 : processPercent / 100 / busyCores;
    }

    static Figure figure(double busy) {
        return Figures.of("host_cpu_busy_percent", "host CPU busy", busy, "%",
                "mean over the measured intervals of host_cpu_user_percent + host_cpu_system_percent"
                        + " + host_cpu_steal_percent (100 = all cores)");
    }

    private static OptionalDouble mean(RunEvidence e, TelemetryMetric metric) {
        return e.series(metric).stream().map(e::mean).filter(OptionalDouble::isPresent).findFirst()
                .orElse(OptionalDouble.empty());
    }
}
