package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.internals.Topic;

/** Kafka's own topic name rules (1-249 characters of a-z A-Z 0-9 . _ -, not "." or ".."), checked before any broker. */
public final class TopicName {
    private TopicName() {
    }

    /** Throws naming {@code field} (e.g. {@code topic.name} or {@code --topic}) when Kafka would refuse the name. */
    public static void check(String field, String name) {
        if (name == null) {
            throw InvalidInputException.field(field, null, "a topic name is required");
        }
        try {
            Topic.validate(name);
        } catch (InvalidTopicException e) {
            throw InvalidInputException.field(field, "'" + name + "'", problem(e.getMessage(), name));
        }
    }

    /** Kafka's messages repeat the name ("Topic name \"x\" is illegal, ..."); keep only the rule. */
    private static String problem(String message, String name) {
        String quoted = "\"" + name + "\" ";
        int at = message.indexOf(quoted);
        String rule = at < 0 ? message : message.substring(at + quoted.length());
        return rule.isBlank() ? "Kafka refuses this topic name" : rule.strip();
    }
}
