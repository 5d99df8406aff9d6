package io.kbench.result.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

/**
 * The one redaction rule, applied before anything is written or printed: the value of every key Kafka itself types as
 * PASSWORD (ssl.key.password, sasl.jaas.config, ...) or whose name says it is a secret is replaced, whether it is a
 * single value ({@link #REDACTED}) or a list (each element {@code [secret-1]}, {@code [secret-2]}, ... in order, the
 * labels sweep point names use); a key may be a full workload path ({@code producers.properties.sasl.jaas.config}).
 * Command lines ({@code command} fields, exec faults) keep their shape but lose the values of secret-named options and
 * {@code key=value} words, and URLs lose their user info and secret-named query parameters.
 */
public final class Redactor {
    public static final String REDACTED = "[redacted]";
    private static final Pattern SECRET_NAME = Pattern.compile("password|passwd|secret|jaas|token|credential|\\.key$|private|apikey|api-key");
    private static final Set<String> PASSWORD_KEYS = passwordKeys();
    private static final String VALUE = "'[^']*'|\"(?:[^\"\\\\]|\\\\.)*\"";
    /** A {@code name=value} word of a command line; the name is tested by {@link #isSecret}. */
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "(?<name>-{0,2}[A-Za-z][A-Za-z0-9._-]*)(?<sep>=)(?<value>" + VALUE + "|[^\\s'\"&]*)");
    /** An option and its separate value ({@code --password x}); a value never starts with '-', the next option. */
    private static final Pattern OPTION = Pattern.compile(
            "(?<name>--?[A-Za-z][A-Za-z0-9._-]*)(?<sep>\\s+)(?<value>" + VALUE + "|[^\\s'\"-][^\\s'\"]*)");
    private static final Pattern URL_USER_INFO = Pattern.compile("(?<scheme>[A-Za-z][A-Za-z0-9+.-]*://)[^/@\\s]+@");
    private static final Pattern QUERY_PARAM = Pattern.compile("(?<=[?&])(?<name>[^=&\\s]+)=(?<value>[^&\\s#]*)");
    /** JSON fields that hold a shell command line. */
    private static final Set<String> COMMAND_FIELDS = Set.of("command", "commandLine");

    private Redactor() {
    }

    /** Whether {@code key} (a Kafka property, a flag or a workload path ending in one) names a secret. */
    public static boolean isSecret(String key) {
        if (key == null) {
            return false;
        }
        String lower = key.toLowerCase(Locale.ROOT);
        if (PASSWORD_KEYS.contains(key) || SECRET_NAME.matcher(lower).find()) {
            return true;
        }
        return PASSWORD_KEYS.stream().anyMatch(k -> lower.endsWith("." + k));
    }

    /** The label of the {@code n}th (1-based) distinct secret value of a list, e.g. {@code [secret-1]}. */
    public static String secretLabel(int n) {
        return "[secret-" + n + "]";
    }

    /** Replaces secret values anywhere in {@code node}, in place. */
    public static JsonNode redactTree(JsonNode node) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode value = field.getValue();
                if (isSecret(field.getKey()) && value.isValueNode()) {
                    field.setValue(TextNode.valueOf(REDACTED));
                } else if (isSecret(field.getKey()) && value.isArray()) {
                    field.setValue(labelled((ArrayNode) value));
                } else if (COMMAND_FIELDS.contains(field.getKey()) && value.isTextual()) {
                    field.setValue(TextNode.valueOf(redactCommand(value.asText())));
                } else {
                    redactTree(value);
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(Redactor::redactTree);
        }
        return node;
    }

    /** Each element replaced by its label; equal elements get the same label. */
    private static ArrayNode labelled(ArrayNode values) {
        ArrayNode out = values.arrayNode();
        List<JsonNode> distinct = new java.util.ArrayList<>();
        values.forEach(v -> {
            if (!distinct.contains(v)) {
                distinct.add(v);
            }
            out.add(secretLabel(distinct.indexOf(v) + 1));
        });
        return out;
    }

    /**
     * A YAML document (a sweep or workload file kept with its results) with secret values replaced: the text itself
     * when it holds no secret (comments and layout kept), else the redacted tree under a comment saying so. Text that
     * does not parse is kept only if no line names a secret key.
     */
    public static String redactYaml(String text) {
        com.fasterxml.jackson.databind.ObjectMapper yaml = io.kbench.format.StrictMapper.yaml();
        JsonNode tree;
        try {
            tree = yaml.readTree(text);
        } catch (java.io.IOException e) {
            return text.lines().anyMatch(l -> l.contains(":") && isSecret(l.substring(0, l.indexOf(':')).trim()))
                    ? "# not kept: unparsable and naming a secret key\n" : text;
        }
        if (tree == null) {
            return text;
        }
        JsonNode redacted = redactTree(tree.deepCopy());
        if (redacted.equals(tree)) {
            return text;
        }
        try {
            return "# kept by kbench with secret values redacted\n" + yaml.writeValueAsString(redacted);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a YAML tree does not write: " + e.getMessage(), e);
        }
    }

    /** A copy of {@code properties} with secret values replaced. */
    public static Map<String, String> redact(Map<String, String> properties) {
        Map<String, String> out = new TreeMap<>();
        properties.forEach((k, v) -> out.put(k, isSecret(k) ? REDACTED : v));
        return out;
    }

    /**
     * A command line (or any free text: an error message, an argument list joined by spaces) with the values of
     * secret-named options and {@code key=value} words replaced, and URLs without user info or secret query values.
     */
    public static String redactCommand(String text) {
        if (text == null) {
            return null;
        }
        return replaceValues(OPTION, replaceValues(ASSIGNMENT, redactUrls(text)));
    }

    private static String replaceValues(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group("name");
            boolean secret = isSecret(name.replaceFirst("^-+", "")) && !m.group("value").equals(REDACTED);
            m.appendReplacement(out, Matcher.quoteReplacement(secret ? name + m.group("sep") + REDACTED : m.group()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code url} without user info ({@code user:pass@}) and with secret-named query parameters' values replaced. */
    public static String redactUrls(String url) {
        String noUser = URL_USER_INFO.matcher(url).replaceAll("${scheme}" + Matcher.quoteReplacement(REDACTED) + "@");
        Matcher m = QUERY_PARAM.matcher(noUser);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(
                    isSecret(m.group("name")) ? m.group("name") + "=" + REDACTED : m.group()));
        }
        m.appendTail(out);
        return out.toString();
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
