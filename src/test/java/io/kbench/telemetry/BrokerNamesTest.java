package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.MBeanServer;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pattern look-ups a broker reading costs: on this JVM's own MBean server, with two partitions' gauges registered
 * under Kafka's names, counting the queries that reach it.
 */
class BrokerNamesTest {
    /** The gauge interface Kafka's Yammer gauges expose over JMX. */
    public interface Gauge {
        Object getValue();
    }

    private final MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
    private final AtomicInteger queries = new AtomicInteger();
    private final MBeanServerConnection server = (MBeanServerConnection) Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {MBeanServerConnection.class}, (proxy, method, args) -> {
                if (method.getName().equals("queryNames")) {
                    queries.incrementAndGet();
                }
                try {
                    return method.invoke(platform, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            });

    @BeforeEach
    void register() throws Exception {
        for (int p = 0; p < 2; p++) {
            for (String gauge : new String[] {"NumLogSegments", "LogStartOffset"}) {
                platform.registerMBean(new StandardMBean((Gauge) () -> 1, Gauge.class), gauge(gauge, p));
            }
        }
    }

    @AfterEach
    void unregister() throws Exception {
        for (ObjectName n : platform.queryNames(JmxBrokerSource.name("kafka.log:topic=names-test,*"), null)) {
            platform.unregisterMBean(n);
        }
    }

    @Test
    void patternsAreQueriedOnConnectOnceMoreAfterTheTopicIsFoundThenEveryThirtiethSample() throws Exception {
        BrokerNames names = new BrokerNames(new BrokerMBeans("names-test"));
        names.refresh(server);
        // Processors (none in this JVM), segments, log starts.
        assertThat(queries.get()).isEqualTo(3);
        assertThat(names.segments()).hasSize(2);
        assertThat(names.logStarts()).hasSize(2);
        names.refresh(server);
        // The partitions were just found: once more for those still registering; processors still none found.
        assertThat(queries.get()).isEqualTo(6);
        int settled = queries.get();
        for (int i = 3; i < BrokerNames.REQUERY; i++) {
            names.refresh(server);
        }
        // No processors exist here, so their query still goes out each sample; the partitions' do not.
        assertThat(queries.get() - settled).isEqualTo(BrokerNames.REQUERY - 3);
        names.refresh(server);
        assertThat(queries.get() - settled).isEqualTo(BrokerNames.REQUERY - 3 + 3);
    }

    @Test
    void aMissingProbeIsAskedAgainOnlyAtTheNextLookUp() throws Exception {
        BrokerNames names = new BrokerNames(new BrokerMBeans("names-test"));
        ObjectName tiered = JmxBrokerSource.name("kafka.server:type=BrokerTopicMetrics,name=RemoteCopyBytesPerSec");
        names.refresh(server);
        names.markMissing(tiered);
        for (int i = 2; i < BrokerNames.REQUERY; i++) {
            names.refresh(server);
            assertThat(names.missing(tiered)).as("sample %d", i).isTrue();
        }
        names.refresh(server);
        assertThat(names.missing(tiered)).isFalse();
        names.markMissing(tiered);
        names.reset();
        assertThat(names.missing(tiered)).as("a new connection asks again").isFalse();
    }

    private static ObjectName gauge(String name, int partition) {
        return JmxBrokerSource.name("kafka.log:type=Log,name=" + name + ",topic=names-test,partition=" + partition);
    }
}
