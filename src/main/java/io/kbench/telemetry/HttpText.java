package io.kbench.telemetry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * GETs a metrics endpoint's text, with bounded connect and response times and a bounded size: an endpoint that
 * answers with too much (or never stops) fails the sample instead of filling the heap. An endpoint that asks for a user
 * and password gets them as basic authentication ({@link MetricsAuth}).
 */
final class HttpText {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** A broker's Prometheus page with thousands of partitions is a few MB; node_exporter's well under one. */
    static final int MAX_BYTES = 32 * 1024 * 1024;

    // Redirects are not followed (the client's default): the credentials go to the URL the user named, nowhere else.
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    private final URI uri;
    private final Duration timeout;
    private final MetricsAuth auth;

    HttpText(URI uri, Duration timeout) {
        this(uri, timeout, null);
    }

    /** With {@code auth} (null: none) sent as basic authentication on every request. */
    HttpText(URI uri, Duration timeout, MetricsAuth auth) {
        this.uri = uri;
        this.timeout = timeout;
        this.auth = auth;
    }

    String get() throws IOException, InterruptedException {
        return get(timeout);
    }

    /** As {@link #get()} within {@code within} instead of the sample timeout (a first scrape may take longer). */
    String get(Duration within) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(within).GET();
        if (auth != null) {
            builder.header("Authorization", auth.header());
        }
        HttpRequest request = builder.build();
        long deadline = System.nanoTime() + within.toNanos();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new IOException("HTTP " + response.statusCode() + " from " + uri);
            }
            return new String(readBounded(body, deadline, within), StandardCharsets.UTF_8);
        }
    }

    /** The body up to {@link #MAX_BYTES}; more, or still coming at the deadline, is a failed sample. */
    private byte[] readBounded(InputStream body, long deadline, Duration within) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = body.read(buffer)) >= 0; ) {
            if (out.size() + n > MAX_BYTES) {
                throw new IOException("response from " + uri + " larger than " + MAX_BYTES / (1024 * 1024)
                        + " MB; cut off");
            }
            out.write(buffer, 0, n);
            if (System.nanoTime() > deadline) {
                throw new IOException("response from " + uri + " still arriving after " + within.toMillis()
                        + " ms; cut off");
            }
        }
        return out.toByteArray();
    }
}
