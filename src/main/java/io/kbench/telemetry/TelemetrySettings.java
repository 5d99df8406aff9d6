package io.kbench.telemetry;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.Redactor;
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
 * @param metricsAuthFile    user and password for the metrics URLs (--metrics-auth-file), checked here; null: from the
 *                           environment, if set there
 */
public record TelemetrySettings(boolean enabled, List<String> brokerJmx, List<String> brokerMetricsUrls,
                                List<String> nodeExporterUrls, SampleListener listener, Path jmxPasswordFile,
                                Path clusterDir, Path metricsAuthFile) {
    /** Environment variables holding the user and password for JMX agents that authenticate (never recorded). */
    public static final String JMX_USER_ENV = "KBENCH_JMX_USER";
    public static final String JMX_PASSWORD_ENV = "KBENCH_JMX_PASSWORD";

    /** Sampling on, embedded brokers and this host only. */
    public static final TelemetrySettings DEFAULT = new TelemetrySettings(true, List.of(), List.of(), List.of(), null, null,
            null, null);

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
        if (metricsAuthFile != null && brokerMetricsUrls.isEmpty() && nodeExporterUrls.isEmpty()) {
            throw InvalidInputException.field(MetricsAuth.FILE_FLAG, metricsAuthFile, "no --broker-metrics-url or"
                    + " --node-exporter-url to send it to");
        }
        if (metricsAuthFile != null) {
            MetricsAuth.of(metricsAuthFile);
        }
    }

    /**
     * User and password for the metrics URLs: from --metrics-auth-file, else from {@link MetricsAuth#USER_ENV} and
     * {@link MetricsAuth#PASSWORD_ENV}; null when neither is given.
     */
    public MetricsAuth metricsAuth() {
        return MetricsAuth.of(metricsAuthFile);
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
                clusterDir, metricsAuthFile);
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

    /**
     * {@code url} as an http(s) URI. A {@code user:pass@} in it is refused rather than dropped (java.net.http sends no
     * user info, so the endpoint would answer 401 and the telemetry be absent) and rather than sent (the URL is on a
     * command line every local user reads): the error names the file and environment forms, and never the password.
     */
    static URI requireHttpUrl(String flag, String url) {
        URI uri = null;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            // Reported below with the flag's name.
        }
        if (uri != null && uri.getRawUserInfo() != null) {
            throw InvalidInputException.field(flag, Redactor.redactUrls(url), "a user and password in the URL would be"
                    + " seen by every local user in ps; give them in " + MetricsAuth.FILE_FLAG + " FILE (a line 'USER"
                    + " PASSWORD') or $" + MetricsAuth.USER_ENV + " and $" + MetricsAuth.PASSWORD_ENV);
        }
        String scheme = uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
            return uri;
        }
        throw InvalidInputException.field(flag, Redactor.redactUrls(url), "is not an http(s) URL");
    }
}
