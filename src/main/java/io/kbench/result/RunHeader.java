package io.kbench.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.util.Map;

/** Prints the frozen, resolved workload before a run, as YAML a user could paste back into a file. */
public final class RunHeader {
    private RunHeader() {
    }

    public static void print(WorkloadSpec spec, Map<String, String> connection, String target, PrintStream out) {
        ObjectMapper json = ResultWriter.mapper();
        YAMLMapper yaml = YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build();
        JsonNode tree = Redactor.redactTree(json.valueToTree(spec));
        out.println("# kbench " + Versions.kbench() + " | Kafka clients " + Versions.kafka() + " | JDK "
                + Runtime.version() + " | " + target);
        if (!connection.isEmpty()) {
            out.println("# client properties: " + Redactor.redact(connection));
        }
        try {
            out.print(yaml.writeValueAsString(tree));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        out.println("# ---");
    }
}
