package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The three settings of a control topic found on the cluster that the protocol cannot work with, each named. */
class ControlTopicCheckTest {
    @Test
    void kbenchsOwnSettingsAndKafkasDefaultsPass() {
        assertThat(ControlTopicCheck.problem("kbench-control", 1, "LogAppendTime", "1049600")).isNull();
        // A topic of an older kbench on a broker with Kafka's default message.max.bytes.
        assertThat(ControlTopicCheck.problem("kbench-results", 1, "LogAppendTime", "1048588")).isNull();
        assertThat(ControlTopicCheck.MAX_MESSAGE_BYTES).isEqualTo(1_049_600);
    }

    @Test
    void eachWrongSettingIsNamedWithItsValue() {
        assertThat(ControlTopicCheck.problem("kbench-control", 3, "LogAppendTime", "1049600"))
                .isEqualTo("kbench-control: 3 partitions; the control topics need exactly 1, as each side reads partition 0"
                        + " only (delete the topic and kbench creates it right)");
        assertThat(ControlTopicCheck.problem("kbench-results", 1, "CreateTime", "1049600"))
                .isEqualTo("kbench-results: message.timestamp.type is CreateTime; the control topics need LogAppendTime, as"
                        + " clock offsets and freshness are read from the broker's append time (alter the topic, or delete"
                        + " it and kbench creates it right)");
        assertThat(ControlTopicCheck.problem("kbench-control", 1, "LogAppendTime", "10485760"))
                .isEqualTo("kbench-control: max.message.bytes is 10485760; the control topics take at most 1049600, as a"
                        + " larger batch would be read into memory before its record is refused (alter the topic, or"
                        + " delete it and kbench creates it right)");
        assertThat(ControlTopicCheck.problem("kbench-control", 1, "LogAppendTime", "1049601")).isNotNull();
        assertThat(ControlTopicCheck.problem("kbench-control", 1, null, "1049600")).contains("message.timestamp.type is null");
        assertThat(ControlTopicCheck.problem("kbench-control", 1, "LogAppendTime", null)).contains("not a number");
    }

    @Test
    void everyProblemIsOneLine() {
        for (String p : new String[] {ControlTopicCheck.problem("kbench-control", 0, "x", "y"),
            ControlTopicCheck.problem("kbench-control", 1, "x", "y"), ControlTopicCheck.problem("kbench-control", 1,
                    "LogAppendTime", "y")}) {
            assertThat(p).isNotBlank().doesNotContain("\n");
        }
    }
}
