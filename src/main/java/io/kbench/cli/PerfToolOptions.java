package io.kbench.cli;

import io.kbench.experiment.ClusterTarget;
import io.kbench.experiment.ResultListener;
import io.kbench.experiment.RunContext;
import io.kbench.experiment.SingleRun;
import io.kbench.measure.LiveMetrics;
import io.kbench.report.ReportRenderer;
import io.kbench.spec.WorkloadSpec;
import io.kbench.telemetry.TelemetrySettings;
import java.util.Map;
import picocli.CommandLine.Mixin;

/**
 * What the perf-test drop-ins ({@code produce}, {@code consume}) share besides their tools' own options: the cluster
 * they run on, the telemetry they sample and where their results go.
 */
public final class PerfToolOptions {
    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    TelemetryOptions telemetry = new TelemetryOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    /**
     * One run of {@code spec} on the target (connecting with {@code conn}), written where the output options say, with
     * its HTML report and what telemetry samples, {@code live} told each interval.
     */
    SingleRun singleRun(WorkloadSpec spec, Map<String, String> conn, LiveMetrics live) {
        ClusterTarget cluster = target.clusterTarget(conn);
        TelemetrySettings sampled = telemetry.settings(cluster.external());
        return new SingleRun(spec, new RunContext(new RunContext.Cluster(conn, cluster), output.output(),
                new RunContext.Observers(ResultListener.withLive(ReportRenderer::writeQuietly, live), sampled), null));
    }
}
