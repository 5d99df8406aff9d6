package io.kbench.cli;

import org.slf4j.LoggerFactory;

/**
 * A main for {@link NoStrayFilesIT}: logs through SLF4J as kbench's libraries do (Flyway, HikariCP), on kbench's class
 * path, so the test sees what a user's terminal gets: the WARN line, not the INFO one, nor a Kafka client's.
 */
public final class LogsOneWarning {
    private LogsOneWarning() {
    }

    public static void main(String[] args) {
        LoggerFactory.getLogger(LogsOneWarning.class).warn("kbench-test-warning");
        LoggerFactory.getLogger(LogsOneWarning.class).info("kbench-test-info");
        LoggerFactory.getLogger("org.apache.kafka.clients.NetworkClient").warn("kafka-client-chatter");
    }
}
