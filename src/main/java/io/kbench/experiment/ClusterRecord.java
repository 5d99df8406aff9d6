package io.kbench.experiment;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.result.BrokerVersion;
import io.kbench.result.ClusterInfo;
import io.kbench.result.SecurityInfo;
import io.kbench.telemetry.BrokerAppInfo;
import io.kbench.telemetry.TelemetryTargets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;

/** What result.json records about the cluster a run used (the cluster knows nothing of results). */
final class ClusterRecord {
    private ClusterRecord() {
    }

    /**
     * The embedded cluster, or the external one {@code conn} reaches when {@code embedded} is null. With TLS this
     * makes one handshake with the clients' settings: what the run's connections negotiated. The brokers' versions
     * are read from the brokers of {@code jmx} at this moment (after the load, so after any restart during it); the
     * version falls back to what kbench knows without them only when none could be read.
     */
    static ClusterInfo of(EmbeddedCluster embedded, Map<String, String> conn, TelemetryTargets jmx) {
        SecurityInfo security = SecurityRecord.of(embedded, conn);
        List<BrokerVersion> read = BrokerAppInfo.read(jmx.brokers(), jmx.jmxCredentials());
        List<BrokerVersion> versions = read.isEmpty() ? null : read;
        String said = versions == null ? null : BrokerVersion.summary(versions); // null: no broker said its version
        if (embedded == null) {
            BrokerCount.Facts facts = BrokerCount.facts(conn);
            return new ClusterInfo("external", conn.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG), facts.brokers(),
                    said != null ? said : facts.version(), null, null, null, null,
                    security, versions, facts.metadataVersion());
        }
        return new ClusterInfo("embedded", embedded.bootstrapServers(), embedded.brokerCount(),
                said != null ? said : embedded.kafkaVersion(), embedded.brokerJavaVersion(),
                embedded.startupTime().toMillis(), embedded.effectiveBrokerConfig(), embedded.dataFilesystem(), security,
                versions, null);
    }
}
