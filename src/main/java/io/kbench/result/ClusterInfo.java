package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The cluster a run talked to.
 *
 * @param mode               embedded (started by kbench) or external
 * @param bootstrapServers   bootstrap servers used
 * @param brokers            broker count (embedded: started; external: from describeCluster)
 * @param kafkaBrokerVersion the brokers' Kafka version: as they reported it over JMX ({@link BrokerVersion#summary});
 *                           without JMX, embedded: the jars kbench launched, external: the finalized metadata.version
 * @param brokerJdk          JDK of the broker JVMs (embedded only)
 * @param startupMillis      time until every broker was ready (embedded only)
 * @param brokerConfig       broker settings kbench wrote (embedded only)
 * @param dataFilesystem     filesystem, device and mount options of the brokers' data dir (embedded only), e.g.
 *                           {@code xfs /dev/nvme1n1 on /data (rw,noatime)}: they shape disk-bound results
 * @param security           how the clients' connection was secured and what TLS negotiated (absent in results
 *                           written before it was recorded)
 * @param brokerVersions     each broker's versions as read from it over JMX at the end of the run (embedded, or
 *                           external with --broker-jmx); absent when no broker could be read and in older results
 * @param metadataVersion    external only: the cluster's finalized {@code metadata.version}, e.g. {@code 4.3-IV0}
 */
public record ClusterInfo(String mode, String bootstrapServers, int brokers, String kafkaBrokerVersion,
                          String brokerJdk, Long startupMillis, Map<String, String> brokerConfig,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String dataFilesystem,
                          SecurityInfo security,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<BrokerVersion> brokerVersions,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String metadataVersion) {
    public ClusterInfo {
        brokerVersions = brokerVersions == null ? null : List.copyOf(brokerVersions);
    }

    /** A cluster whose brokers' versions were not read (results of other kinds, tests, older writers). */
    public ClusterInfo(String mode, String bootstrapServers, int brokers, String kafkaBrokerVersion, String brokerJdk,
                       Long startupMillis, Map<String, String> brokerConfig, String dataFilesystem,
                       SecurityInfo security) {
        this(mode, bootstrapServers, brokers, kafkaBrokerVersion, brokerJdk, startupMillis, brokerConfig, dataFilesystem,
                security, null, null);
    }
}
