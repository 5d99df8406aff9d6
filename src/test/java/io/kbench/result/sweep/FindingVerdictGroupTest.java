package io.kbench.result.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FindingVerdictGroupTest {
    @Test
    void aGroupsSettingsIterateInPathOrderWhateverOrderTheyCameIn() {
        // Kept study data is re-judged by a new JVM each time; an order that varied between JVMs rewrote it every time.
        Map<String, JsonNode> given = new LinkedHashMap<>();
        given.put("topic.replicationFactor", IntNode.valueOf(3));
        given.put("producers.properties.compression.type", TextNode.valueOf("none"));
        given.put("producers.properties.batch.size", IntNode.valueOf(1024));

        FindingVerdict.Group g = new FindingVerdict.Group(given, FindingOutcome.HELD, 1.0, 2.0, "shown");

        assertThat(g.at().keySet()).containsExactly("producers.properties.batch.size",
                "producers.properties.compression.type", "topic.replicationFactor");
        assertThat(g.at()).isEqualTo(given);
    }

    @Test
    void aSettingWithoutAValueIsRefusedNamingItsPath() {
        Map<String, JsonNode> given = new LinkedHashMap<>();
        given.put("topic.partitions", null);
        assertThatThrownBy(() -> new FindingVerdict.Group(given, FindingOutcome.HELD, 1.0, 2.0, "shown"))
                .hasMessageContaining("topic.partitions");
    }
}
