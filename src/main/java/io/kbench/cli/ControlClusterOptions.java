package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.PropertyKind;
import io.kbench.spec.UncheckedProperties;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a distributed run's control topics live and how their messages are authenticated: the options a coordinator
 * ({@link WorkerOptions}) and a worker ({@link WorkerCommand}) share (docs/distributed.md).
 */
public final class ControlClusterOptions {
    @Option(names = "--control-bootstrap-server", paramLabel = "HOST:PORT[,...]",
            description = "Cluster carrying the control topics (kbench-control, kbench-results), when it is not the"
                    + " cluster under test.")
    String bootstrapServer;

    @Option(names = "--control-command-config", paramLabel = "FILE",
            description = "Client properties file for the control cluster.")
    Path commandConfig;

    @Mixin
    ControlKeyOptions key = new ControlKeyOptions();

    /** Whether any of these options was given. */
    boolean any() {
        return bootstrapServer != null || commandConfig != null || key.any();
    }

    /**
     * The control cluster's client properties, checked as --command-config's are (names Kafka does not define pass only
     * when --unchecked-property lists them); empty when the control topics are on the cluster under test.
     */
    Map<String, String> connection(UncheckedProperties unchecked) {
        Map<String, String> control = new LinkedHashMap<>();
        if (commandConfig != null) {
            if (bootstrapServer == null) {
                throw new InvalidInputException("--control-command-config needs --control-bootstrap-server");
            }
            Map<String, String> file = ConnectionOptions.readProperties(commandConfig, "--control-command-config");
            KafkaConfigCheck.flags("--control-command-config " + commandConfig + ": ", file, PropertyKind.ANY_CLIENT,
                    unchecked);
            control.putAll(file);
        }
        if (bootstrapServer != null) {
            if (bootstrapServer.isBlank()) {
                throw InvalidInputException.field("--control-bootstrap-server", "''", "must not be empty");
            }
            control.put("bootstrap.servers", bootstrapServer);
        }
        return control;
    }
}
