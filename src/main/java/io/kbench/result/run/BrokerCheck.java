package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.kbench.error.Checks;
import java.util.Locale;

/**
 * Whether a driver process really sent what it counted: the records its intervals said were acknowledged, against the
 * growth of the topic's end offsets on the brokers over the run (docs/clients.md#the-broker-check). kbench counts a
 * driver's records only from what the driver writes on its standard output; this is the independent count. They are
 * equal on a clean run: the end offsets grow by every record written (and by nothing else), whatever retention or
 * DeleteRecords does to the log's start. They differ when another client writes the topic, when a record acknowledged
 * with acks=0 never arrived, or when a retry without idempotence wrote a record twice.
 *
 * @param acknowledged  records the driver's producers counted as acknowledged, warm-up included
 * @param brokerRecords how far the topic's end offsets grew, summed over its partitions, from before the producers
 *                      started to after they ended
 * @param match         whether the two are equal
 */
@JsonPropertyOrder({"acknowledged", "brokerRecords", "match"})
public record BrokerCheck(long acknowledged, long brokerRecords, boolean match) {
    public BrokerCheck {
        Checks.atLeast("clients.brokerCheck.acknowledged", acknowledged, 0L);
        Checks.atLeast("clients.brokerCheck.brokerRecords", brokerRecords, 0L);
    }

    /** The check of {@code acknowledged} against {@code brokerRecords}. */
    public static BrokerCheck of(long acknowledged, long brokerRecords) {
        return new BrokerCheck(acknowledged, brokerRecords, acknowledged == brokerRecords);
    }

    /** {@code broker check: 2,200 records acknowledged = 2,200 written (the topic's end offsets)}. */
    public String line() {
        return String.format(Locale.ROOT, "broker check: %,d records acknowledged %s %,d written (the topic's end"
                + " offsets)%s", acknowledged, match ? "=" : "!=", brokerRecords,
                match ? "" : acknowledged > brokerRecords ? ": records the driver counted are not on the brokers"
                        : ": the brokers hold records the driver did not count (another writer, or retries)");
    }
}
