package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The log4j2 config of the broker JVMs: everything at INFO into broker-&lt;id&gt;.log, nothing on the console. */
final class BrokerLog4jConfig {
    /** System property naming the node, so one config file serves every broker. */
    static final String NODE_ID_PROPERTY = "kbench.nodeId";

    static final String FILE_NAME = "broker-log4j2.xml";

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

    private BrokerLog4jConfig() {
    }

    /** Writes the config into {@code logDir} and returns its path. */
    static Path write(Path logDir) {
        Path file = logDir.resolve(FILE_NAME);
        try {
            DataDirectory.createMarked(logDir);
            Files.writeString(file, XML);
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
