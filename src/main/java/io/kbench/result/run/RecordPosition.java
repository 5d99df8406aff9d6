package io.kbench.result.run;

/**
 * One example of an anomaly: which record (kbench's producer index and sequence number; absent for a record kbench
 * did not write) and where (partition and offset; for a lost record, where it was acknowledged, both absent when the
 * broker gave no offset, as with acks=0).
 */
public record RecordPosition(Integer producer, Long sequence, Integer partition, Long offset) {
    @Override
    public String toString() {
        String id = producer == null ? "foreign record" : "producer " + producer + " seq " + sequence;
        return id + (partition == null ? "" : " at " + partition + "@" + (offset == null ? "?" : offset));
    }
}
