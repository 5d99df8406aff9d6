package io.kbench.load;

import io.kbench.measure.ShareLatencies;
import io.kbench.result.Spread;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.ShareConsumerStats;
import io.kbench.result.run.ShareStats;
import io.kbench.spec.ShareAcknowledgement;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;

/** Adds up the share consumers' tallies into the run's share figures. */
final class ShareTotals {
    private ShareTotals() {
    }

    /**
     * {@code windowNanos}: the consume window the per-consumer rates are taken over; {@code firstDelivery}: the run's
     * end-to-end latency, which share consumers record on first delivery.
     */
    static ShareStats of(ShareAcknowledgement acknowledgement, int deliveryCountLimit,
                         List<ShareConsumerWorker.ShareTally> tallies, long windowNanos, ShareLatencies latencies,
                         LatencyStats firstDelivery) {
        long deliveries = 0;
        long redeliveries = 0;
        long redelivered = 0;
        long accepted = 0;
        long released = 0;
        long rejected = 0;
        long archived = 0;
        long errors = 0;
        List<ShareConsumerStats> perConsumer = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < tallies.size(); i++) {
            ShareConsumerWorker.ShareTally t = tallies.get(i);
            deliveries += t.deliveries();
            redeliveries += t.redeliveries();
            redelivered += t.redelivered();
            accepted += t.accepted();
            released += t.released();
            rejected += t.rejected();
            archived += t.archived();
            errors += t.acknowledgeErrors();
            double rate = Units.perSecond(t.accepted(), windowNanos);
            perConsumer.add(new ShareConsumerStats(i, t.deliveries(), t.accepted(), rate));
            rates.add(rate);
        }
        return new ShareStats(acknowledgement, deliveryCountLimit, deliveries, redeliveries, redelivered, accepted,
                released, rejected, archived, errors, firstDelivery, ShareLatencies.total(latencies.accepted),
                ShareLatencies.total(latencies.acknowledgeCommit), perConsumer,
                rates.isEmpty() ? null : Spread.of(rates));
    }
}
