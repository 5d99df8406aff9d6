package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --junit-xml and --markdown name files kbench can write, or the command stops before anything starts: exit 2, one
 * line naming the flag and the path. A path whose directories do not exist yet is fine (they are made).
 */
class ThresholdFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aDirectoryIsRefusedBeforeAnythingStarts() {
        CliRun.leavingNothing(tmp.resolve("results"), "run", "--junit-xml", tmp.toString())
                .assertOneErrorLine(2, Duration.ofSeconds(20), "--junit-xml: is a directory; name a file (got " + tmp + ")");
        CliRun.leavingNothing(tmp.resolve("results"), "produce", "--topic", "t", "--num-records", "10", "--record-size",
                "10", "--throughput", "-1", "--markdown", tmp.toString())
                .assertOneErrorLine(2, Duration.ofSeconds(20), "--markdown: is a directory");
    }

    @Test
    void aPathUnderAFileIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        CliRun.leavingNothing(tmp.resolve("results"), "sweep", "src/test/resources/sweeps/it-2x2.yaml", "--markdown",
                file.resolve("summary.md").toString())
                .assertOneErrorLine(2, Duration.ofSeconds(20), "--markdown: " + file + " is not a directory to write it in");
    }

    @Test
    void missingDirectoriesAreFineAndADryRunWritesNothing() {
        Path xml = tmp.resolve("not/yet/there.xml");
        CliRun run = CliRun.of("run", "--dry-run", "--junit-xml", xml.toString(), "--results-dir", tmp.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(xml).doesNotExist();
        assertThat(tmp.resolve("not")).doesNotExist();
    }
}
