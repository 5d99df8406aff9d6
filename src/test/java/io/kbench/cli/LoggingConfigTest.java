package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;

/**
 * kbench's own logging configuration is the one in force, although kafka-storage's test jar on the class path brings
 * a log4j2.yaml that log4j's search prefers (issue 42: it wrote build/kafka-storage-test/storage.log into the working
 * directory and turned every WARN line off).
 */
class LoggingConfigTest {
    private static Configuration active() {
        return ((LoggerContext) LogManager.getContext(false)).getConfiguration();
    }

    @Test
    void kbenchsConfigurationWins() {
        assertThat(active().getConfigurationSource().getLocation()).endsWith("kbench-log4j2.xml");
    }

    @Test
    void warningsGoToStderrAndNothingToAFile() {
        Configuration c = active();
        assertThat(c.getRootLogger().getLevel()).isEqualTo(Level.WARN);
        assertThat(c.getLoggerConfig("org.apache.kafka.clients").getLevel()).as("Kafka client chatter").isEqualTo(Level.OFF);
        assertThat(c.getAppenders().values()).isNotEmpty().allSatisfy(a -> {
            assertThat(a).isInstanceOf(ConsoleAppender.class);
            assertThat(((ConsoleAppender) a).getTarget()).isEqualTo(ConsoleAppender.Target.SYSTEM_ERR);
        });
    }

    @Test
    void log4jAddsNoShutdownHook() {
        // kbench closes its clients itself; log4j's hook would stop logging first and warn on Ctrl-C
        assertThat(active().isShutdownHookEnabled()).isFalse();
    }
}
