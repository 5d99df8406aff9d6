package io.kbench.result.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

/**
 * Hides secrets before anything is written: every key Kafka itself types as PASSWORD
 * (ssl.key.password, sasl.jaas.config, ...) plus any key whose name says it is a secret.
 */
public final class Redactor {
    public static final String REDACTED = "[redacted]";
    private static final Pattern SECRET_NAME = Pattern.compile("password|secret|jaas|token|credential|\\.key$|private");
    private static final Set<String> PASSWORD_KEYS = passwordKeys();

    private Redactor() {
    }

    public static boolean isSecret(String key) {
        return PASSWORD_KEYS.contains(key) || SECRET_NAME.matcher(key.toLowerCase(Locale.ROOT)).find();
    }

    /** Replaces secret values anywhere in {@code node}, in place. */
    public static JsonNode redactTree(JsonNode node) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getValue().isValueNode() && isSecret(field.getKey())) {
                    field.setValue(TextNode.valueOf(REDACTED));
                } else {
                    redactTree(field.getValue());
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(Redactor::redactTree);
        }
        return node;
    }

    /** A copy of {@code properties} with secret values replaced. */
    public static Map<String, String> redact(Map<String, String> properties) {
        Map<String, String> out = new TreeMap<>();
        properties.forEach((k, v) -> out.put(k, isSecret(k) ? REDACTED : v));
        return out;
    }

    private static Set<String> passwordKeys() {
        Set<String> keys = new HashSet<>();
        for (ConfigDef def : new ConfigDef[] {ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef()}) {
            def.configKeys().forEach((name, key) -> {
                if (key.type == ConfigDef.Type.PASSWORD) {
                    keys.add(name);
                }
            });
        }
        return Set.copyOf(keys);
    }
}
