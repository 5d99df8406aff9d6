package io.kbench.telemetry;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.Redactor;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.Objects;

/**
 * The user and password that metrics endpoints ({@code --broker-metrics-url}, {@code --node-exporter-url}) ask for,
 * sent as HTTP basic authentication (RFC 7617, the scheme the JMX exporter's and node_exporter's web configs offer).
 * They come from {@code --metrics-auth-file} or the environment, never from the URL: a command line is read by every
 * local user, and {@code java.net.http} would not send a URL's {@code user:pass@} anyway.
 *
 * @param user     the user; not empty, no ':' (RFC 7617 joins the two with one)
 * @param password the password; never printed
 */
public record MetricsAuth(String user, String password) {
    public static final String FILE_FLAG = "--metrics-auth-file";
    public static final String USER_ENV = "KBENCH_METRICS_USER";
    public static final String PASSWORD_ENV = "KBENCH_METRICS_PASSWORD";

    public MetricsAuth {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (user.isEmpty() || user.contains(":")) {
            throw InvalidInputException.field(FILE_FLAG + " or $" + USER_ENV, "'" + user + "'",
                    "the user must be non-empty and free of ':' (basic authentication joins user and password with it)");
        }
    }

    /**
     * From {@code file} (a line {@code USER PASSWORD}, the format of a JMX password file) when given, else from
     * {@link #USER_ENV} and {@link #PASSWORD_ENV}; null when neither is set.
     */
    static MetricsAuth of(Path file) {
        if (file != null) {
            String[] entry = JmxPasswordFile.read(file, FILE_FLAG);
            return new MetricsAuth(entry[0], entry[1]);
        }
        String user = System.getenv(USER_ENV);
        return user == null ? null : new MetricsAuth(user, System.getenv().getOrDefault(PASSWORD_ENV, ""));
    }

    /**
     * The warning for sending these credentials to {@code uri} in the clear, or null: basic authentication over http
     * is readable by anyone on the path (RFC 7617, section 4), so http to another host gets one line naming the
     * endpoint; https and a loopback address (judged from the literal host, no lookup) need none.
     */
    static String plaintextWarning(String flag, URI uri) {
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        boolean loopback = host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]");
        if (!"http".equalsIgnoreCase(uri.getScheme()) || loopback) {
            return null;
        }
        return "telemetry: " + flag + " " + Redactor.redactUrls(uri.toString()) + ": the metrics password goes to another host over plain http,"
                + " readable on the way (basic authentication); use https";
    }

    /** The value of the {@code Authorization} header. */
    String header() {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "MetricsAuth[user=" + user + ", password=[redacted]]";
    }
}
