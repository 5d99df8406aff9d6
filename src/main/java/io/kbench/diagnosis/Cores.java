package io.kbench.diagnosis;

/**
 * The CPU capacity the CPU rules judge against. CPU series count 100 % per core.
 *
 * @param client          cores of the load generator's machine
 * @param brokerHost      cores of the machine the brokers run on; 0 when unknown (an external cluster)
 * @param brokersOnClientHost whether the brokers share the load generator's machine (an embedded cluster), so their
 *                            CPU adds up against the same cores
 */
public record Cores(int client, int brokerHost, boolean brokersOnClientHost) {
    public Cores {
        if (client < 1 || brokerHost < 0) {
            throw new IllegalArgumentException("cores must be positive (got client=" + client + " brokerHost=" + brokerHost + ")");
        }
    }

    /** Brokers kbench started on this machine. */
    public static Cores embedded(int cores) {
        return new Cores(cores, cores, true);
    }

    /** Brokers elsewhere, on machines of unknown size. */
    public static Cores external(int clientCores) {
        return new Cores(clientCores, 0, false);
    }
}
