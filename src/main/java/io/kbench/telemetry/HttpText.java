package io.kbench.telemetry;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** GETs a metrics endpoint's text, with bounded connect and response times. */
final class HttpText {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    private final URI uri;
    private final Duration timeout;

    HttpText(URI uri, Duration timeout) {
        this.uri = uri;
        this.timeout = timeout;
    }

    String get() throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " from " + uri);
        }
        return response.body();
    }
}
