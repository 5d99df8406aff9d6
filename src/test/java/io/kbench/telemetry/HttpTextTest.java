package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A real local HTTP server: a metrics endpoint that answers too much, or never stops, fails the sample. */
class HttpTextTest {
    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/small", exchange -> {
            byte[] body = "kafka_server_x 1\n".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.createContext("/endless", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked, no length
            byte[] chunk = new byte[1024 * 1024];
            Arrays.fill(chunk, (byte) 'x');
            try (OutputStream out = exchange.getResponseBody()) {
                for (long sent = 0; sent < 4L * HttpText.MAX_BYTES; sent += chunk.length) {
                    out.write(chunk);
                }
            } catch (IOException e) {
                // the client hung up: what the test expects
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private HttpText http(String path) {
        return new HttpText(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path),
                Duration.ofSeconds(30));
    }

    @Test
    void aSmallPageIsRead() throws Exception {
        assertThat(http("/small").get()).isEqualTo("kafka_server_x 1\n");
    }

    /** Failed before the fix: the whole endless body was read into one String (here 128 MB; unbounded, an OOM). */
    @Test
    void anEndlessResponseIsCutOffAtTheBound() {
        assertThatThrownBy(() -> http("/endless").get()).isInstanceOf(IOException.class)
                .hasMessageEndingWith("larger than 32 MB; cut off");
    }
}
