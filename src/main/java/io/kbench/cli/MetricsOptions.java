package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.experiment.ResultListener;
import io.kbench.measure.live.MetricsServer;
import io.kbench.report.ReportRenderer;
import java.io.PrintStream;
import picocli.CommandLine.Option;

/** {@code --metrics-port}: Prometheus /metrics while a run, sweep or find-max runs. */
final class MetricsOptions {
    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve Prometheus /metrics on PORT (of 127.0.0.1 unless --metrics-address) while running: client"
                    + " counters and latency, and the sampled broker and host series.")
    Integer port;

    /** The interface /metrics listens on; the default keeps it to local processes (docs/security.md). */
    @Option(names = "--metrics-address", paramLabel = "ADDRESS",
            description = "Interface address /metrics binds (default 127.0.0.1: local scrapers only; 0.0.0.0: every"
                    + " interface, unauthenticated, see docs/security.md).")
    String address;

    /** The started server, or null without --metrics-port; a bad or busy port is invalid input (exit 2). */
    MetricsServer start(PrintStream out) {
        if (port == null) {
            if (address != null) {
                throw InvalidInputException.field("--metrics-address", address, "needs --metrics-port");
            }
            return null;
        }
        String bind = address == null ? MetricsServer.DEFAULT_ADDRESS : address;
        MetricsServer server = MetricsServer.start(bind, port);
        out.println("metrics: serving http://" + (bind.contains(":") ? "[" + bind + "]" : bind) + ":" + server.port() + "/metrics");
        return server;
    }

    /** The HTML report after each result, and {@code server} (when there is one) told about every interval. */
    static ResultListener listener(MetricsServer server) {
        ResultListener report = ReportRenderer::writeQuietly;
        return server == null ? report : ResultListener.withLive(report, server);
    }
}
