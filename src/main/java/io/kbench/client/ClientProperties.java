package io.kbench.client;

import io.kbench.spec.ConsumerMode;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * Builds each client's properties: connection settings (bootstrap, security, from --command-config and
 * --command-property) first, then the workload's own properties, then what kbench must own.
 */
public final class ClientProperties {
    private final Map<String, String> connection;

    public ClientProperties(Map<String, String> connection) {
        this.connection = Map.copyOf(connection);
    }

    public String bootstrapServers() {
        return connection.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
    }

    public Map<String, Object> admin() {
        Map<String, Object> p = new HashMap<>(connection);
        p.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "15000");
        p.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-admin");
        return p;
    }

    public Map<String, Object> producer(Map<String, String> workload, int index) {
        Map<String, Object> p = new HashMap<>(connection);
        p.putAll(workload);
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "30000");
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "kbench-producer-" + index);
        return p;
    }

    public Map<String, Object> consumer(Map<String, String> workload, String group, ConsumerMode mode, int index) {
        Map<String, Object> p = new HashMap<>(connection);
        p.putAll(workload);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        // Live consumers start at the end (records are recognised by their stamp); backlog reads from the start
        // unless the workload says otherwise (kbench consume --from-latest).
        if (mode == ConsumerMode.LIVE) {
            p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        } else {
            p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        }
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "kbench-consumer-" + index);
        return p;
    }

    /**
     * A KafkaShareConsumer's properties: no offset reset or group protocol (a share group has neither on the client;
     * kbench sets share.auto.offset.reset on the group), and the acknowledgement mode kbench runs with.
     */
    public Map<String, Object> shareConsumer(Map<String, String> workload, String group, String acknowledgementMode,
                                             int index) {
        Map<String, Object> p = new HashMap<>(connection);
        p.putAll(workload);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put("share.acknowledgement.mode", acknowledgementMode);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "kbench-consumer-" + index);
        return p;
    }

    /** The connection settings as given, for the result (redacted there). */
    public Map<String, String> connection() {
        return connection;
    }
}
