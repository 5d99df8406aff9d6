package io.kbench.cli;

import io.kbench.experiment.ResultListener;
import io.kbench.live.MetricsServer;
import io.kbench.report.ReportRenderer;
import java.io.PrintStream;
import picocli.CommandLine.Option;

/** {@code --metrics-port}: Prometheus /metrics while a run, sweep or find-max runs. */
final class MetricsOptions {
    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve Prometheus /metrics on PORT (all interfaces) while running: client counters and latency, "
                    + "and the sampled broker and host series.")
    Integer port;

    /** The started server, or null without --metrics-port; a bad or busy port is invalid input (exit 2). */
    MetricsServer start(PrintStream out) {
        if (port == null) {
            return null;
        }
        MetricsServer server = MetricsServer.start(port);
        out.println("metrics: serving http://localhost:" + server.port() + "/metrics");
        return server;
    }

    /** The HTML report after each result, and {@code server} (when there is one) told about every interval. */
    static ResultListener listener(MetricsServer server) {
        ResultListener report = ReportRenderer::writeQuietly;
        return server == null ? report : ResultListener.withLive(report, server);
    }
}
