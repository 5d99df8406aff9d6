package io.kbench.distributed;

import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a run is spread over worker processes.
 *
 * @param workers            how many workers the run waits for ({@code --workers N} or {@code --local-workers N})
 * @param local              kbench starts the workers on this machine and stops them after the run
 * @param joinTimeout        how long the coordinator waits for the workers to join
 * @param tolerateWorkerLoss a worker that stops heartbeating is left out and the run goes on, instead of failing
 * @param controlConnection  client properties of the cluster carrying the control topics, or empty for the cluster
 *                           under test
 * @param workerCommand      the command line that starts {@code kbench} on this machine (local workers), without
 *                           the {@code worker} subcommand and its options
 * @param control            how control messages are authenticated: the key the workers hold, a key generated for
 *                           local workers, or none ({@code --insecure-control})
 */
public record Distribution(int workers, boolean local, Duration joinTimeout, boolean tolerateWorkerLoss,
                           Map<String, String> controlConnection, List<String> workerCommand, ControlAuth control) {
    /** The default time the coordinator waits for its workers. */
    public static final Duration DEFAULT_JOIN_TIMEOUT = Duration.ofSeconds(60);

    public Distribution {
        if (workers < 1) {
            throw InvalidInputException.field(local ? "--local-workers" : "--workers", workers, "must be >= 1");
        }
        if (joinTimeout.isNegative() || joinTimeout.isZero()) {
            throw InvalidInputException.field("--worker-timeout", joinTimeout, "must be positive");
        }
        controlConnection = Map.copyOf(Objects.requireNonNull(controlConnection, "controlConnection"));
        workerCommand = List.copyOf(Objects.requireNonNull(workerCommand, "workerCommand"));
        Objects.requireNonNull(control, "control");
    }
}
