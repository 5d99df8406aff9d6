package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.unit.Units;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.security.auth.Subject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An external broker's JMX agent that authenticates (this JVM's platform MBeans behind a password): the credentials
 * kbench is given open it, and the password appears neither in the telemetry written to result.json nor in warnings.
 */
class JmxCredentialsTest {
    private static final String USER = "kbench-monitor";
    private static final String PASSWORD = "pw-Zq81-never-written";
    private static Registry registry;
    private static JMXConnectorServer server;
    private static String address;

    @BeforeAll
    static void startAuthenticatingAgent() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        registry = LocateRegistry.createRegistry(port);
        JMXAuthenticator authenticator = credentials -> {
            if (credentials instanceof String[] c && c.length == 2 && USER.equals(c[0]) && PASSWORD.equals(c[1])) {
                return new Subject(true, Set.of(new JMXPrincipal(USER)), Set.of(), Set.of());
            }
            throw new SecurityException("Authentication failed! Invalid username or password");
        };
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi://127.0.0.1:" + port
                + "/jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        server = JMXConnectorServerFactory.newJMXConnectorServer(url,
                Map.of(JMXConnectorServer.AUTHENTICATOR, authenticator), ManagementFactory.getPlatformMBeanServer());
        server.start();
        address = "127.0.0.1:" + port;
    }

    @AfterAll
    static void stopAgent() throws Exception {
        server.stop();
        UnicastRemoteObject.unexportObject(registry, true);
    }

    /** Samples the agent for a few ticks with these credentials; returns the telemetry as result.json holds it. */
    private static Sampled sample(String[] credentials) throws Exception {
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        TelemetryTargets targets = new TelemetryTargets(List.of(new BrokerEndpoint("broker-1", address, 0, false)), null,
                "external cluster", null, Duration.ofMillis(300), credentials, List.of(), List.of());
        List<IntervalPoint> intervals = new ArrayList<>();
        Telemetry t;
        try (TelemetrySampler sampler = TelemetrySampler.open(targets,
                new PrintStream(warnings, true, StandardCharsets.UTF_8))) {
            long start = System.nanoTime();
            sampler.started(start);
            for (int i = 0; i < 3; i++) {
                Thread.sleep(300);
                long now = System.nanoTime();
                sampler.tick(now);
                intervals.add(new IntervalPoint(Units.seconds(now - start), IntervalPhase.MEASURED, 0, 0, 0, 0, 0,
                        null, null, null));
            }
            t = sampler.finish(intervals);
        }
        return new Sampled(t, ResultWriter.mapper().writeValueAsString(t), warnings.toString(StandardCharsets.UTF_8));
    }

    private record Sampled(Telemetry telemetry, String json, String warnings) {
        TelemetrySource broker() {
            return telemetry.sources().stream().filter(s -> s.id().equals("broker-1")).findFirst().orElseThrow();
        }
    }

    @Test
    void theRightCredentialsOpenTheAgentAndThePasswordIsNotWritten() throws Exception {
        Sampled s = sample(new String[] {USER, PASSWORD});

        assertThat(s.broker().available()).as(s.json() + s.warnings()).isTrue();
        assertThat(s.broker().address()).isEqualTo(address);
        assertThat(s.telemetry().series()).as(s.json())
                .anyMatch(x -> x.metric() == TelemetryMetric.BROKER_CPU_PERCENT && x.source().equals("broker-1"));
        assertThat(s.json()).doesNotContain(PASSWORD).doesNotContain(USER);
        assertThat(s.warnings()).doesNotContain(PASSWORD);
    }

    @Test
    void aWrongPasswordIsAnAbsentSourceAndNeitherPasswordIsWritten() throws Exception {
        String wrong = "pw-wrong-also-secret";
        Sampled s = sample(new String[] {USER, wrong});

        assertThat(s.broker().available()).as(s.json()).isFalse();
        assertThat(s.warnings()).as("a one-line warning").contains("broker-1").hasLineCount(1);
        assertThat(s.json() + s.warnings()).doesNotContain(wrong).doesNotContain(PASSWORD);
    }

    @Test
    void noCredentialsAgainstAnAuthenticatingAgentIsAnAbsentSource() throws Exception {
        Sampled s = sample(null);

        assertThat(s.broker().available()).as(s.json()).isFalse();
        assertThat(s.broker().absentReason()).isNotBlank();
    }
}
