package io.kbench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceEdgesTest {
    @Test
    void anImportOfAConstantIsAnEdgeThoughTheBytecodeLosesIt(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Table.java"), """
                package io.kbench.console;

                import io.kbench.experiment.FindMaxSettings;

                final class Table {
                    String none = FindMaxSettings.NO_SLA;
                    String quoted = '"' + io.kbench.report.Fmt.NAME + "";
                    Object inline = io.kbench.cli.Main.class;
                }
                """);
        assertThat(SourceEdges.scan(dir)).extracting(SourceEdges.Edge::to).containsExactly("experiment", "report", "cli");
    }

    @Test
    void commentsAndStringsAreNoEdges(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Launch.java"), """
                package io.kbench.cluster;

                /** Like {@link io.kbench.telemetry.JmxBrokerSource}. */
                final class Launch {
                    // io.kbench.report.RunPage
                    String main = "io.kbench.cli.Main";
                }
                """);
        assertThat(SourceEdges.scan(dir)).isEmpty();
    }
}
