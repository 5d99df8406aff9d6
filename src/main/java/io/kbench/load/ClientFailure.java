package io.kbench.load;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;

/** What a Kafka client that could not be created means for the user: their configuration, or the run failing. */
final class ClientFailure {
    private ClientFailure() {
    }

    static RuntimeException of(KafkaException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof ConfigException) {
            return new InvalidInputException("invalid client configuration: " + root.getMessage(), e);
        }
        return new RunFailedException("cannot create Kafka client: " + root.getMessage(), e);
    }
}
