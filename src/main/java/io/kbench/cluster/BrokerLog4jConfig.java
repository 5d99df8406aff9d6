package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The logging config of the broker JVMs: everything at INFO into broker-&lt;id&gt;.log, nothing on the console, in
 * the same line format whichever logging library the broker's release uses ({@link LoggingProfile}).
 */
final class BrokerLog4jConfig {
    /** System property naming the node, so one config file serves every broker. */
    static final String NODE_ID_PROPERTY = "kbench.nodeId";

    static final String FILE_NAME = "broker-log4j2.xml";
    static final String RELOAD4J_FILE_NAME = "broker-log4j.properties";

    private static final String XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Written by kbench for its embedded brokers. -->
            <Configuration status="WARN">
              <Appenders>
                <File name="broker" fileName="${sys:kafka.logs.dir}/broker-${sys:%s}.log" append="true">
                  <PatternLayout pattern="[%%d] %%p %%m (%%c)%%n"/>
                </File>
              </Appenders>
              <Loggers>
                <Logger name="kafka.request.logger" level="WARN"/>
                <Logger name="org.apache.kafka.raft" level="INFO"/>
                <Root level="INFO"><AppenderRef ref="broker"/></Root>
              </Loggers>
            </Configuration>
            """.formatted(NODE_ID_PROPERTY);

    /** The same for log4j 1.2 (reload4j), which substitutes system properties in ${...} itself. */
    private static final String PROPERTIES = """
            # Written by kbench for its embedded brokers (a release that logs through reload4j).
            log4j.rootLogger=INFO, broker
            log4j.appender.broker=org.apache.log4j.FileAppender
            log4j.appender.broker.File=${kafka.logs.dir}/broker-${%s}.log
            log4j.appender.broker.Append=true
            log4j.appender.broker.layout=org.apache.log4j.PatternLayout
            log4j.appender.broker.layout.ConversionPattern=[%%d] %%p %%m (%%c)%%n
            log4j.logger.kafka.request.logger=WARN
            log4j.logger.org.apache.kafka.raft=INFO
            """.formatted(NODE_ID_PROPERTY);

    private BrokerLog4jConfig() {
    }

    /** Writes the log4j 2 config into {@code logDir} and returns its path. */
    static Path write(Path logDir) {
        return write(logDir, LoggingProfile.LOG4J2);
    }

    /** Writes the config {@code profile} reads into {@code logDir} and returns its path. */
    static Path write(Path logDir, LoggingProfile profile) {
        boolean log4j2 = profile == LoggingProfile.LOG4J2;
        Path file = logDir.resolve(log4j2 ? FILE_NAME : RELOAD4J_FILE_NAME);
        try {
            DataDirectory.createMarked(logDir);
            Files.writeString(file, log4j2 ? XML : PROPERTIES);
            return file;
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    static Path logFile(Path logDir, int nodeId) {
        return logDir.resolve("broker-" + nodeId + ".log");
    }

    static Path outFile(Path logDir, int nodeId) {
        return logDir.resolve("broker-" + nodeId + ".out");
    }
}
