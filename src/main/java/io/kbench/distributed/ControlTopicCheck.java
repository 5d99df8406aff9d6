package io.kbench.distributed;

import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The control topics as found, checked before either side uses them: whoever creates them first chooses their
 * settings, and three settings break the protocol without an error of their own. More than one partition: each side
 * reads partition 0 only, so messages keyed elsewhere never arrive and joins time out. {@code CreateTime}: the clock
 * offsets and the freshness check read the broker's append time, and a sender's own time would make every offset
 * about zero. A {@code max.message.bytes} above {@link #MAX_MESSAGE_BYTES}: the consumer takes any batch the topic
 * accepts, so a record far over the 1 MiB bound would be read into memory before {@link ControlCodec} refuses it.
 * Each is an input error naming the topic, the setting and its value (exit 2).
 */
final class ControlTopicCheck {
    /** The largest batch a control topic may take: a record's 1 MiB bound plus 1 KiB for the batch and record framing. */
    static final int MAX_MESSAGE_BYTES = ControlCodec.MAX_CHARS + 1024;
    static final String TIMESTAMP_TYPE = "message.timestamp.type";
    static final String LOG_APPEND_TIME = "LogAppendTime";
    static final String MAX_MESSAGE = "max.message.bytes";
    /** A topic just created may not be known to the broker answering yet. */
    private static final long RETRY_MILLIS = 200;

    private ControlTopicCheck() {
    }

    /** Checks both topics as the cluster describes them; throws {@link InvalidInputException} for the first wrong one. */
    static void check(Admin admin, long timeoutSec) throws ExecutionException, TimeoutException, InterruptedException {
        List<String> names = List.of(ControlTopics.CONTROL, ControlTopics.RESULTS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSec);
        while (true) {
            try {
                Map<String, TopicDescription> topics = admin.describeTopics(names).allTopicNames()
                        .get(timeoutSec, TimeUnit.SECONDS);
                Map<ConfigResource, Config> configs = admin.describeConfigs(names.stream()
                        .map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n)).toList()).all()
                        .get(timeoutSec, TimeUnit.SECONDS);
                for (String name : names) {
                    Config config = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, name));
                    String problem = problem(name, topics.get(name).partitions().size(), value(config, TIMESTAMP_TYPE),
                            value(config, MAX_MESSAGE));
                    if (problem != null) {
                        throw new InvalidInputException(problem);
                    }
                }
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(RETRY_MILLIS);
            }
        }
    }

    private static String value(Config config, String name) {
        ConfigEntry entry = config == null ? null : config.get(name);
        return entry == null ? null : entry.value();
    }

    /**
     * What is wrong with control topic {@code topic} as described, in one line naming the setting, its value and the
     * way out; null when nothing is.
     */
    static String problem(String topic, int partitions, String timestampType, String maxMessageBytes) {
        String fix = " (alter the topic, or delete it and kbench creates it right)";
        if (partitions != 1) {
            return topic + ": " + partitions + " partitions; the control topics need exactly 1, as each side reads"
                    + " partition 0 only (delete the topic and kbench creates it right)";
        }
        if (!LOG_APPEND_TIME.equals(timestampType)) {
            return topic + ": " + TIMESTAMP_TYPE + " is " + timestampType + "; the control topics need " + LOG_APPEND_TIME
                    + ", as clock offsets and freshness are read from the broker's append time" + fix;
        }
        long max;
        try {
            max = Long.parseLong(String.valueOf(maxMessageBytes).strip());
        } catch (NumberFormatException e) {
            return topic + ": " + MAX_MESSAGE + " is " + maxMessageBytes + ", not a number" + fix;
        }
        if (max > MAX_MESSAGE_BYTES) {
            return topic + ": " + MAX_MESSAGE + " is " + max + "; the control topics take at most " + MAX_MESSAGE_BYTES
                    + ", as a larger batch would be read into memory before its record is refused" + fix;
        }
        return null;
    }
}
