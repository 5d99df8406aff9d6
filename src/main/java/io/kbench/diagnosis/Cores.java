package io.kbench.diagnosis;

/**
 * The CPU capacity the CPU rules judge against. CPU series count 100 % per core.
 *
 * @param client          cores of the load generator's machine
 * @param brokerHost      cores of the machine the brokers run on; 0 when unknown (an external cluster)
 * @param brokersOnClientHost whether the brokers share the load generator's machine (an embedded cluster), so their
 *                            CPU adds up against the same cores
 * @param brokerLimitPercent  the CPU each broker may use when kbench limits it (cluster.limits: cpuQuota, cpus), 100 =
 *                            one core; 0 when not limited
 */
public record Cores(int client, int brokerHost, boolean brokersOnClientHost, double brokerLimitPercent) {
    public Cores {
        if (client < 1 || brokerHost < 0) {
            throw new IllegalArgumentException("cores must be positive (got client=" + client + " brokerHost=" + brokerHost + ")");
        }
        if (!(brokerLimitPercent >= 0)) {
            throw new IllegalArgumentException("brokerLimitPercent must be >= 0 (got " + brokerLimitPercent + ")");
        }
    }

    /** Brokers kbench started on this machine, not limited. */
    public static Cores embedded(int cores) {
        return new Cores(cores, cores, true, 0);
    }

    /**
     * Brokers kbench started on this machine, each held to {@code brokerCpuCores} of CPU by cluster.limits (null: not
     * limited).
     */
    public static Cores embedded(int cores, Double brokerCpuCores) {
        return new Cores(cores, cores, true, brokerCpuCores == null ? 0 : brokerCpuCores * 100);
    }

    /** Brokers elsewhere, on machines of unknown size. */
    public static Cores external(int clientCores) {
        return new Cores(clientCores, 0, false, 0);
    }
}
