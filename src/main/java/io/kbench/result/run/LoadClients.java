package io.kbench.result.run;

import io.kbench.spec.ClientKind;
import io.kbench.spec.WorkloadSpec;

/**
 * The client that really sent and read a run's records, as one text for the catalog's environment and the report:
 * {@code environment.kafkaClientVersion} is the Java client kbench carries even when a driver ran the load, so history
 * would otherwise mix a franz-go run with Java runs (docs/history.md#environment).
 *
 * <ul>
 *   <li>only the Java client ran: its version, unchanged ({@code 4.3.1}), so catalogs recorded before stay comparable;</li>
 *   <li>one client ran every side that ran: that client and its version ({@code franz-go v1.22.3});</li>
 *   <li>each side ran another: both, the producers first ({@code producers franz-go v1.22.3, consumers java 4.3.1}).</li>
 * </ul>
 */
public final class LoadClients {
    private LoadClients() {
    }

    /**
     * @param clients     the run's drivers, or null when none ran
     * @param javaVersion the Java client's version (the environment's), or null when not recorded
     * @param workload    the workload, which says which sides ran; null: the sides with a driver
     */
    public static String describe(Clients clients, String javaVersion, WorkloadSpec workload) {
        Clients.Driver producers = clients == null ? null : clients.producers();
        Clients.Driver consumers = clients == null ? null : clients.consumers();
        // A side the workload gave a driver whose driver never said what it is (it failed before ready) is still that
        // client's, never filed under Java's version.
        boolean driverAsked = workload != null && (workload.producers().count() > 0 && workload.producers().client().external()
                || workload.consumers().enabled() && workload.consumers().client().external());
        if (producers == null && consumers == null && !driverAsked) {
            return javaVersion;
        }
        boolean produced = producers != null || workload != null && workload.producers().count() > 0;
        boolean consumed = consumers != null || workload != null && workload.consumers().enabled();
        String sent = side(producers, javaVersion, workload == null ? null : workload.producers().client());
        String read = side(consumers, javaVersion, workload == null ? null : workload.consumers().client());
        if (!consumed || sent.equals(read)) {
            return sent;
        }
        if (!produced) {
            return read;
        }
        return "producers " + sent + ", consumers " + read;
    }

    private static String side(Clients.Driver driver, String javaVersion, ClientKind asked) {
        if (driver != null) {
            return driver.client() + " " + driver.clientVersion();
        }
        return asked != null && asked.external() ? asked.text() + " unknown"
                : "java " + (javaVersion == null ? "unknown" : javaVersion);
    }
}
