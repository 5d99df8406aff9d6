package io.kbench.driver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a driver says of itself ({@code <driver> version}, docs/drivers.md): the contract it speaks, its client and the
 * client library's version, and what else it names (its histogram library, its toolchain). Read from the driver
 * itself after each build, so what a result records is what runs, never what a file claims.
 *
 * @param contract      the contract version
 * @param client        the client
 * @param clientVersion the client library's version ({@code v1.22.3})
 * @param details       the other fields of the line ({@code histogram}, {@code go}), as text
 */
public record DriverVersion(int contract, ClientKind client, String clientVersion, Map<String, String> details) {
    /** Lenient about the keys (a driver names its own toolchain), strict about the three the contract requires. */
    private static final ObjectMapper JSON = new ObjectMapper();

    public DriverVersion {
        Checks.notBlank("version.clientVersion", clientVersion);
        details = Collections.unmodifiableMap(new TreeMap<>(details));
    }

    /**
     * The driver's version line, refused (naming the driver) when it is not one JSON object with the contract, the
     * expected client and its version, or speaks another contract than this kbench.
     */
    static DriverVersion parse(String line, ClientKind expected) {
        String source = expected.text() + " driver's version line";
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(source + ": not JSON (got " + abbreviated(line) + ")");
        }
        if (node == null || !node.isObject() || !node.path("contract").isInt() || !node.path("client").isTextual()
                || !node.path("clientVersion").isTextual()) {
            throw new InvalidInputException(source + ": needs contract, client and clientVersion (got " + abbreviated(line) + ")");
        }
        int contract = node.get("contract").asInt();
        if (contract != DriverSlice.CONTRACT) {
            throw InvalidInputException.field(source + ": contract", contract, "this kbench speaks driver contract "
                    + DriverSlice.CONTRACT + "; rebuild the driver from this kbench's sources ('kbench drivers build')");
        }
        if (!node.get("client").asText().equals(expected.text())) {
            throw InvalidInputException.field(source + ": client", node.get("client").asText(), "expected " + expected.text());
        }
        Map<String, String> details = new TreeMap<>();
        node.fields().forEachRemaining(f -> {
            if (!f.getKey().equals("contract") && !f.getKey().equals("client") && !f.getKey().equals("clientVersion")) {
                details.put(f.getKey(), f.getValue().isTextual() ? f.getValue().asText() : f.getValue().toString());
            }
        });
        return new DriverVersion(contract, expected, node.get("clientVersion").asText(), details);
    }

    /** The line again, as kept next to the binary. */
    String toJson() {
        Map<String, Object> all = new TreeMap<>(details);
        all.put("contract", contract);
        all.put("client", client.text());
        all.put("clientVersion", clientVersion);
        return ContractJson.write(all);
    }

    private static String abbreviated(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }
}
