package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a failed start reports, read from the broker's own files (their lines as Kafka 4.3 writes them). */
class BrokerProcessTest {
    private static final String BIND_FAILURE = """
            [2026-11-25 12:00:01,000] INFO [SocketServer listenerType=BROKER, nodeId=1] Created data-plane acceptor (kafka.network.SocketServer)
            [2026-11-25 12:00:01,100] ERROR [KafkaRaftServer nodeId=1] Fatal error during broker startup. Prepare to shutdown (kafka.server.BrokerServer)
            org.apache.kafka.common.KafkaException: Socket server failed to bind to 127.0.0.1:41234: Address already in use.
            \tat kafka.network.Acceptor.openServerSocket(SocketServer.scala:726)
            \tat kafka.network.Acceptor.<init>(SocketServer.scala:604)
            Caused by: java.net.BindException: Address already in use
            \tat java.base/sun.nio.ch.Net.bind0(Native Method)
            \t... 12 more
            [2026-11-25 12:00:01,300] ERROR Exiting Kafka due to fatal exception during startup. (kafka.Kafka$)
            org.apache.kafka.common.KafkaException: Socket server failed to bind to 127.0.0.1:41234: Address already in use.
            \tat kafka.network.Acceptor.openServerSocket(SocketServer.scala:726)
            Caused by: java.net.BindException: Address already in use
            \tat java.base/sun.nio.ch.Net.bind0(Native Method)
            [2026-11-25 12:00:01,400] INFO [KafkaRaftServer nodeId=1] shut down completed (kafka.server.KafkaRaftServer)
            """;

    @TempDir
    Path dir;

    private BrokerProcess broker(String log, String out) throws Exception {
        Path logFile = Files.writeString(dir.resolve("broker-1.log"), log);
        Path outFile = Files.writeString(dir.resolve("broker-1.out"), out);
        // Only the files are read: no process is needed.
        return new BrokerProcess(new BrokerNode(1, 1, 2, true, 3), null, logFile, outFile);
    }

    @Test
    void theLastErrorNamesTheExceptionKafkaLoggedUnderIt() throws Exception {
        BrokerProcess b = broker(BIND_FAILURE, "");
        assertThat(b.lastError()).startsWith("[2026-11-25 12:00:01,300] ERROR Exiting Kafka due to fatal exception")
                .endsWith(": java.net.BindException: Address already in use").doesNotContain("\n");
        assertThat(b.lostAPort()).isTrue();
    }

    @Test
    void aStartThatFailedOtherwiseDidNotLoseAPort() throws Exception {
        BrokerProcess b = broker("[2026-11-25 12:00:01,300] ERROR Invalid value not-a-number for configuration"
                + " num.network.threads (kafka.Kafka$)\n[2026-11-25 12:00:01,400] INFO done (x)\n", "");
        assertThat(b.lastError()).isEqualTo("[2026-11-25 12:00:01,300] ERROR Invalid value not-a-number for"
                + " configuration num.network.threads (kafka.Kafka$)");
        assertThat(b.lostAPort()).isFalse();
    }

    @Test
    void aJmxPortTakenBeforeTheJvmStartedIsALostPortToo() throws Exception {
        BrokerProcess b = broker("", """
                Error: Exception thrown by the agent : java.rmi.server.ExportException: Port already in use: 41235; nested exception is:
                \tjava.net.BindException: Address already in use
                """);
        assertThat(b.lostAPort()).isTrue();
        assertThat(b.lastError()).startsWith("Error: Exception thrown by the agent");
    }
}
