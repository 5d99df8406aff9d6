package io.kbench.cli;

import io.kbench.testkit.ItFixture;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the distributed flags and {@code kbench worker}: exit 2, one line, nothing started. */
class WorkerInputErrorsTest {
    /** Generous: these fail before anything starts, but the shared test machine can be slow to load classes. */
    private static final Duration FAST = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void zeroWorkers() {
        CliRun.leavingNothing(dir, "run", "--workers", "0", "--bootstrap-server", "127.0.0.1:1")
                .assertOneErrorLine(2, FAST, "--workers", "got 0", "must be >= 1");
    }

    @Test
    void zeroLocalWorkers() {
        CliRun.leavingNothing(dir, "run", "--local-workers", "0")
                .assertOneErrorLine(2, FAST, "--local-workers", "got 0");
    }

    @Test
    void workersAndLocalWorkersConflict() {
        CliRun.leavingNothing(dir, "run", "--workers", "2", "--local-workers", "2", "--bootstrap-server", "127.0.0.1:1")
                .assertOneErrorLine(2, FAST, "--workers conflicts with --local-workers");
    }

    @Test
    void remoteWorkersNeedAnExistingCluster() {
        CliRun.leavingNothing(dir, "run", "--workers", "2")
                .assertOneErrorLine(2, FAST, "--workers", "needs --bootstrap-server");
    }

    @Test
    void badWorkerTimeout() {
        CliRun.leavingNothing(dir, "run", "--local-workers", "2", "--worker-timeout", "soon")
                .assertOneErrorLine(2, FAST, "--worker-timeout", "'soon'");
    }

    @Test
    void workerFlagsWithoutWorkers() {
        CliRun.leavingNothing(dir, "run", "--tolerate-worker-loss")
                .assertOneErrorLine(2, FAST, "need --workers or --local-workers");
    }

    @Test
    void faultsCannotBeDistributed() {
        CliRun.leavingNothing(dir, "run", "--local-workers", "2", "--fault", "at=5s action=kill target=leader")
                .assertOneErrorLine(2, FAST, "faults", "cannot be used with --workers/--local-workers");
    }

    @Test
    void verifyCannotBeDistributed() {
        CliRun.leavingNothing(dir, "run", "--local-workers", "2", "--verify")
                .assertOneErrorLine(2, FAST, "verify", "cannot be used with --workers/--local-workers");
    }

    @Test
    void findMaxTakesWorkersAndChecksThem() {
        CliRun.leavingNothing(dir, "find-max", ItFixture.workload("it-find-max.yaml"), "--local-workers", "0")
                .assertOneErrorLine(2, FAST, "--local-workers", "got 0");
        CliRun.leavingNothing(dir, "find-max", ItFixture.workload("it-find-max.yaml"), "--local-workers", "2", "--verify")
                .assertOneErrorLine(2, FAST, "verify", "cannot be used with --workers/--local-workers");
    }

    @Test
    void workerNeedsABootstrapServer() {
        CliRun run = CliRun.of("worker");
        run.assertOneErrorLine(2, FAST, "--bootstrap-server is required");
    }

    @Test
    void workerIdMustBeAName() {
        CliRun.of("worker", "--bootstrap-server", "127.0.0.1:1", "--id", "a b")
                .assertOneErrorLine(2, FAST, "--id", "'a b'");
    }

    /** Failed before the fix: the worker started, and each message it sent was refused for its sender's id. */
    @Test
    void anIdLongerThanAMessageCarriesIsRefusedAtStart() {
        CliRun.of("worker", "--bootstrap-server", "127.0.0.1:1", "--id", "w".repeat(129))
                .assertOneErrorLine(2, FAST, "--id", "129 characters", "at most 128");
    }
}
