package io.kbench.experiment;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.result.ClusterInfo;
import io.kbench.result.SecurityInfo;
import io.kbench.result.Versions;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;

/** What result.json records about the cluster a run used (the cluster knows nothing of results). */
final class ClusterRecord {
    private ClusterRecord() {
    }

    /**
     * The embedded cluster, or the external one {@code conn} reaches when {@code embedded} is null. With TLS this
     * makes one handshake with the clients' settings: what the run's connections negotiated.
     */
    static ClusterInfo of(EmbeddedCluster embedded, Map<String, String> conn) {
        SecurityInfo security = SecurityRecord.of(embedded, conn);
        if (embedded == null) {
            BrokerCount.Facts facts = BrokerCount.facts(conn);
            return new ClusterInfo("external", conn.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG), facts.brokers(),
                    facts.version(), null, null, null, null, security);
        }
        return new ClusterInfo("embedded", embedded.bootstrapServers(), embedded.brokerCount(), Versions.kafka(),
                embedded.brokerJavaVersion(), embedded.startupTime().toMillis(), embedded.effectiveBrokerConfig(),
                embedded.dataFilesystem(), security);
    }
}
