package io.kbench.load;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;

/** The completion callback of one in-flight send; pooled and reused so the send path allocates nothing. */
final class PendingSend implements Callback {
    private final ProducerWorker owner;
    /** The intended send time (at a fixed rate) or the send call's time (unlimited): latency is measured from it. */
    long startNanos;
    /** When send() was called, for the stock tool's latency (from the call); equals startNanos when unlimited. */
    long sendCallNanos;
    int bytes;
    boolean measured;
    /** The record's sequence number, when the run is verified. */
    long seq;

    PendingSend(ProducerWorker owner) {
        this.owner = owner;
    }

    @Override
    public void onCompletion(RecordMetadata metadata, Exception exception) {
        owner.completed(this, metadata, exception);
    }
}
