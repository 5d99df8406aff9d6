package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The cluster a run talked to.
 *
 * @param mode               embedded (started by kbench) or external
 * @param bootstrapServers   bootstrap servers used
 * @param brokers            broker count (embedded: started; external: from describeCluster)
 * @param kafkaBrokerVersion broker version (embedded: the jars kbench launched; external: as reported, if known)
 * @param brokerJdk          JDK of the broker JVMs (embedded only)
 * @param startupMillis      time until every broker was ready (embedded only)
 * @param brokerConfig       broker settings kbench wrote (embedded only)
 * @param dataFilesystem     filesystem, device and mount options of the brokers' data dir (embedded only), e.g.
 *                           {@code xfs /dev/nvme1n1 on /data (rw,noatime)}: they shape disk-bound results
 * @param security           how the clients' connection was secured and what TLS negotiated (absent in results
 *                           written before it was recorded)
 */
public record ClusterInfo(String mode, String bootstrapServers, int brokers, String kafkaBrokerVersion,
                          String brokerJdk, Long startupMillis, Map<String, String> brokerConfig,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String dataFilesystem,
                          SecurityInfo security) {
}
