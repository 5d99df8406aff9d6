package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.cluster.BrokerBatchRead;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.Set;
import javax.management.Attribute;
import javax.management.AttributeNotFoundException;
import javax.management.MBeanServer;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.security.auth.Subject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-call broker read over a real JMX RMI agent with kbench's read-only access level (this JVM's platform MBeans,
 * as a broker kbench launched exposes them): the same keys as one call per MBean, and nothing but reading allowed.
 */
class JmxBatchReadTest {
    private static final String USER = "kbench";
    private static final String PASSWORD = "pw-batch-test";
    private static final MBeanServer PLATFORM = ManagementFactory.getPlatformMBeanServer();
    private static Registry registry;
    private static JMXConnectorServer agent;
    private static String address;
    @TempDir
    static Path dir;

    @BeforeAll
    static void startReadOnlyAgent() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        registry = LocateRegistry.createRegistry(port);
        Path access = Files.writeString(dir.resolve("jmx.access"), USER + " readonly\n");
        JMXAuthenticator authenticator = credentials -> {
            if (credentials instanceof String[] c && c.length == 2 && USER.equals(c[0]) && PASSWORD.equals(c[1])) {
                return new Subject(true, Set.of(new JMXPrincipal(USER)), Set.of(), Set.of());
            }
            throw new SecurityException("Authentication failed");
        };
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi://127.0.0.1:" + port
                + "/jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        agent = JMXConnectorServerFactory.newJMXConnectorServer(url, Map.of(JMXConnectorServer.AUTHENTICATOR,
                authenticator, "jmx.remote.x.access.file", access.toString()), PLATFORM);
        agent.start();
        address = "127.0.0.1:" + port;
    }

    @AfterAll
    static void stopAgent() throws Exception {
        agent.stop();
        UnicastRemoteObject.unexportObject(registry, true);
    }

    @AfterEach
    void unregister() throws Exception {
        if (PLATFORM.isRegistered(JmxBrokerSource.BATCH_READ)) {
            PLATFORM.unregisterMBean(JmxBrokerSource.BATCH_READ);
        }
    }

    private static JmxBrokerSource source() throws Exception {
        JmxBrokerSource s = new JmxBrokerSource(new BrokerEndpoint("broker-1", address, 0, true), "batch-test",
                new String[] {USER, PASSWORD});
        s.open();
        return s;
    }

    @Test
    void aBrokerKbenchLaunchedIsReadInOneCallWithTheKeysOfTheOneByOneRead() throws Exception {
        Map<String, Double> oneByOne;
        JmxBrokerSource plain = source();
        try {
            assertThat(plain.batched()).isFalse();
            oneByOne = plain.read();
        } finally {
            plain.close();
        }
        BrokerBatchRead.register();
        assertThat(JmxBrokerSource.BATCH_READ).isEqualTo(new ObjectName(BrokerBatchRead.NAME));
        JmxBrokerSource batched = source();
        try {
            assertThat(batched.batched()).isTrue();
            Map<String, Double> inOne = batched.read();
            assertThat(batched.batched()).as("the answer was taken, not fallen back from").isTrue();
            assertThat(inOne.keySet()).isEqualTo(oneByOne.keySet());
            assertThat(inOne).containsKeys("os.ProcessCpuTime", "runtime.Uptime", BrokerFigures.HEAP_USED);
            assertThat(inOne.get(BrokerFigures.HEAP_USED)).isPositive();
            assertThat(inOne.get(BrokerFigures.GC_COUNT)).isEqualTo(oneByOne.get(BrokerFigures.GC_COUNT),
                    org.assertj.core.data.Offset.offset(1000.0));
        } finally {
            batched.close();
        }
    }

    @Test
    void theRequestIsOnlyReadMissingValuesAreNaNAndWritesAreRefused() throws Exception {
        BrokerBatchRead.register();
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address + "/jmxrmi");
        try (JMXConnector c = JMXConnectorFactory.connect(url, Map.of(JMXConnector.CREDENTIALS,
                new String[] {USER, PASSWORD}))) {
            MBeanServerConnection server = c.getMBeanServerConnection();
            Object answer = server.getAttribute(JmxBrokerSource.BATCH_READ,
                    "java.lang:type=Runtime\tUptime\nkafka.server:type=Nothing,name=Here\tValue\n"
                            + "java.lang:type=Memory\tHeapMemoryUsage\tused\njava.lang:type=Runtime\tVmName");
            assertThat(answer).isInstanceOf(double[].class);
            double[] v = (double[]) answer;
            assertThat(v).hasSize(4);
            assertThat(v[0]).isPositive();
            assertThat(v[1]).as("not registered").isNaN();
            assertThat(v[2]).as("a composite's item").isPositive();
            assertThat(v[3]).as("not a number").isNaN();
            assertThatThrownBy(() -> server.getAttribute(JmxBrokerSource.BATCH_READ, "no tab here"))
                    .isInstanceOf(AttributeNotFoundException.class).hasMessageContaining("line 1");
            assertThatThrownBy(() -> server.getAttribute(JmxBrokerSource.BATCH_READ, "x".repeat((1 << 20) + 1)))
                    .isInstanceOf(AttributeNotFoundException.class);
            assertThatThrownBy(() -> server.invoke(JmxBrokerSource.BATCH_READ, "read", null, null))
                    .isInstanceOf(SecurityException.class);
            assertThatThrownBy(() -> server.setAttribute(JmxBrokerSource.BATCH_READ, new Attribute("x", 1)))
                    .isInstanceOf(SecurityException.class);
        }
    }
}
