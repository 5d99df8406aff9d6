package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.Spread;
import io.kbench.spec.ShareAcknowledgement;
import java.util.List;

/**
 * What a share group ({@code consumers.mode: share}) did with the measured records; docs/results.md.
 *
 * @param acknowledgement                implicit or explicit
 * @param deliveryCountLimit             the group's delivery limit: a record released on its last delivery is archived
 * @param deliveries                     measured records handed to consumers, redeliveries included
 * @param redeliveries                   deliveries with a delivery count above 1
 * @param redelivered                    records delivered more than once (deliveries with a delivery count of 2)
 * @param accepted                       records acknowledged ACCEPT
 * @param released                       deliveries acknowledged RELEASE (each is delivered again or archived)
 * @param rejected                       records acknowledged REJECT
 * @param archived                       records released on their last allowed delivery, so archived by the broker
 * @param acknowledgeErrors              acknowledgements whose commit failed (e.g. the acquisition lock had expired);
 *                                       those records are delivered again
 * @param firstDeliveryLatencyMicros     send -> first delivery to a consumer
 * @param acceptedLatencyMicros          send -> the acknowledgement of the delivery that was accepted (after any
 *                                       redeliveries and the processing time)
 * @param acknowledgeCommitLatencyMicros one commitSync of a poll's acknowledgements
 * @param perConsumer                    each consumer's deliveries, accepted records and rate
 * @param throughputSpread               median, min and max of the consumers' accepted records/s (fairness)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ShareStats(ShareAcknowledgement acknowledgement, int deliveryCountLimit, long deliveries,
                         long redeliveries, long redelivered, long accepted, long released, long rejected,
                         long archived, long acknowledgeErrors, LatencyStats firstDeliveryLatencyMicros,
                         LatencyStats acceptedLatencyMicros, LatencyStats acknowledgeCommitLatencyMicros,
                         List<ShareConsumerStats> perConsumer, Spread throughputSpread) {
    public ShareStats {
        perConsumer = perConsumer == null ? List.of() : List.copyOf(perConsumer);
    }

    /** Records that reached a final state: accepted, rejected or archived. */
    public long settled() {
        return accepted + rejected + archived;
    }

    /** One line for the console. */
    public String line() {
        return String.format(java.util.Locale.ROOT,
                "share: %,d accepted, %,d rejected, %,d archived; %,d deliveries (%,d redeliveries of %,d records),"
                        + " %,d acknowledge errors", accepted, rejected, archived, deliveries, redeliveries, redelivered,
                acknowledgeErrors);
    }
}
