package io.kbench.telemetry;

import io.kbench.error.InvalidInputException;
import java.util.Objects;

/**
 * One broker whose JMX the sampler reads.
 *
 * @param id         the source id its series carry, {@code broker-<node id>} or {@code broker-<n>} for --broker-jmx
 * @param jmxAddress HOST:PORT of its JMX RMI registry
 * @param pid        its process id when kbench launched it on this machine, else 0
 * @param embedded   whether kbench launched it (EMBEDDED_JMX) or it is external (JMX)
 */
public record BrokerEndpoint(String id, String jmxAddress, long pid, boolean embedded) {
    public BrokerEndpoint {
        Objects.requireNonNull(id, "id");
        requireHostPort("--broker-jmx", jmxAddress);
    }

    /** Checks a HOST:PORT (IPv6 hosts in brackets) before anything starts; exit 2 otherwise. */
    static void requireHostPort(String flag, String address) {
        int colon = address == null ? -1 : address.lastIndexOf(':');
        boolean ok = colon > 0 && colon < address.length() - 1;
        if (ok) {
            try {
                int port = Integer.parseInt(address.substring(colon + 1));
                ok = port > 0 && port <= 65535;
            } catch (NumberFormatException e) {
                ok = false;
            }
        }
        if (!ok) {
            throw InvalidInputException.field(flag, address, "is not HOST:PORT");
        }
    }
}
