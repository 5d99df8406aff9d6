package io.kbench.spec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import java.util.List;

/**
 * The command-line form of a fault, {@code --fault 'at=20s action=kill target=leader duration=10s'}: space-separated
 * {@code key=value} pairs with the keys of a YAML fault; {@code command} takes the rest of the line.
 */
public final class FaultText {
    static final List<String> KEYS = List.of("at", "action", "target", "duration", "partition", "command", "seed", "delay",
            "jitter", "scope", "plan", "throttle");
    private static final String PLAN_FORM = "plan is partition:replicas pairs separated by ';', e.g. plan=0:1,4;1:4,2";

    private FaultText() {
    }

    /** The YAML node of one fault, bound (and checked) with the rest of the workload. */
    public static ObjectNode parse(String text) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        String rest = text.strip();
        while (!rest.isEmpty()) {
            int eq = rest.indexOf('=');
            int space = rest.indexOf(' ');
            if (eq <= 0 || (space >= 0 && space < eq)) {
                throw InvalidInputException.field("--fault", "'" + text + "'", "must be key=value pairs such as"
                        + " 'at=20s action=kill target=leader duration=10s'");
            }
            String key = rest.substring(0, eq);
            if (!KEYS.contains(key)) {
                throw InvalidInputException.field("--fault", "'" + text + "'", "unknown key '" + key
                        + "' (known keys: " + String.join(", ", KEYS) + ")");
            }
            if (node.has(key)) {
                throw InvalidInputException.field("--fault", "'" + text + "'", "key '" + key + "' given twice");
            }
            String afterEq = rest.substring(eq + 1);
            // A command line has spaces of its own: it is the last key and takes everything after it.
            int end = key.equals("command") ? afterEq.length() : afterEq.indexOf(' ') < 0 ? afterEq.length() : afterEq.indexOf(' ');
            String value = afterEq.substring(0, end);
            if (key.equals("plan")) {
                node.set(key, plan(text, value));
            } else {
                node.put(key, value);
            }
            rest = afterEq.substring(end).strip();
        }
        return node;
    }

    /** {@code 0:1,4;1:4,2} as the YAML map {@code {0: [1, 4], 1: [4, 2]}}. */
    private static ObjectNode plan(String text, String value) {
        ObjectNode plan = JsonNodeFactory.instance.objectNode();
        for (String entry : value.split(";", -1)) {
            String[] parts = entry.split(":", -1);
            if (parts.length != 2 || !parts[0].strip().matches("\\d{1,6}") || !parts[1].strip().matches("\\d{1,6}(,\\d{1,6})*")) {
                throw InvalidInputException.field("--fault", "'" + text + "'", PLAN_FORM);
            }
            ArrayNode replicas = plan.putArray(parts[0].strip());
            for (String r : parts[1].strip().split(",")) {
                replicas.add(Integer.parseInt(r));
            }
        }
        return plan;
    }
}
