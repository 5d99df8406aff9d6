package io.kbench.telemetry;

import io.kbench.error.InvalidInputException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The user's telemetry choices for a run, checked before anything starts.
 *
 * @param enabled            false: nothing is sampled and result.json has no telemetry (--no-telemetry)
 * @param brokerJmx          JMX HOST:PORT of each broker of an external cluster (--broker-jmx, repeatable)
 * @param brokerMetricsUrls  Prometheus text endpoints of the brokers (--broker-metrics-url, repeatable)
 * @param nodeExporterUrls   node-exporter endpoints of the broker hosts (--node-exporter-url, repeatable)
 * @param listener           told every sampled value (e.g. for /metrics); null: nobody
 * @param jmxPasswordFile    JMX user and password of the external brokers (--broker-jmx-password-file), checked here;
 *                           null: from the environment, if set there
 * @param clusterDir         directory of a cluster {@code kbench cluster start} runs on this host (--cluster-dir),
 *                           whose brokers and host are sampled; null: the default directory, when it records the run's
 *                           bootstrap servers
 */
public record TelemetrySettings(boolean enabled, List<String> brokerJmx, List<String> brokerMetricsUrls,
                                List<String> nodeExporterUrls, SampleListener listener, Path jmxPasswordFile,
                                Path clusterDir) {
    /** Environment variables holding the user and password for JMX agents that authenticate (never recorded). */
    public static final String JMX_USER_ENV = "KBENCH_JMX_USER";
    public static final String JMX_PASSWORD_ENV = "KBENCH_JMX_PASSWORD";

    /** Sampling on, embedded brokers and this host only. */
    public static final TelemetrySettings DEFAULT = new TelemetrySettings(true, List.of(), List.of(), List.of(), null, null,
            null);

    public TelemetrySettings {
        brokerJmx = List.copyOf(brokerJmx);
        brokerMetricsUrls = List.copyOf(brokerMetricsUrls);
        nodeExporterUrls = List.copyOf(nodeExporterUrls);
        brokerJmx.forEach(a -> BrokerEndpoint.requireHostPort("--broker-jmx", a));
        brokerMetricsUrls.forEach(u -> requireHttpUrl("--broker-metrics-url", u));
        nodeExporterUrls.forEach(u -> requireHttpUrl("--node-exporter-url", u));
        if (jmxPasswordFile != null) {
            JmxPasswordFile.read(jmxPasswordFile);
        }
    }

    /**
     * User and password for the external brokers' JMX agents: from --broker-jmx-password-file, else from
     * {@link #JMX_USER_ENV} and {@link #JMX_PASSWORD_ENV}; null when neither is given.
     */
    public String[] jmxCredentials() {
        return jmxPasswordFile != null ? JmxPasswordFile.read(jmxPasswordFile) : jmxCredentialsFromEnvironment();
    }

    /** The same settings with {@code listener} told every sampled value. */
    public TelemetrySettings withListener(SampleListener listener) {
        return new TelemetrySettings(enabled, brokerJmx, brokerMetricsUrls, nodeExporterUrls, listener, jmxPasswordFile,
                clusterDir);
    }

    /** {user, password} from a JMX password file found through {@code flag}; a one-line input error otherwise. */
    public static String[] jmxCredentials(Path passwordFile, String flag) {
        return JmxPasswordFile.read(passwordFile, flag);
    }

    /** Whether external broker sources were named (they need an external cluster). */
    public boolean namesExternalSources() {
        return !brokerJmx.isEmpty() || !brokerMetricsUrls.isEmpty() || !nodeExporterUrls.isEmpty() || clusterDir != null;
    }

    /** User and password from {@link #JMX_USER_ENV} and {@link #JMX_PASSWORD_ENV}, or null when not set. */
    static String[] jmxCredentialsFromEnvironment() {
        String user = System.getenv(JMX_USER_ENV);
        return user == null ? null : new String[] {user, System.getenv().getOrDefault(JMX_PASSWORD_ENV, "")};
    }

    static URI requireHttpUrl(String flag, String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // Reported below with the flag's name.
        }
        throw InvalidInputException.field(flag, url, "is not an http(s) URL");
    }
}
