package io.kbench.load;

import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The ProducerRecords one producer sends, built once: one per pre-built value and key. A ProducerRecord is immutable
 * and KafkaProducer.send keeps no reference to it once it returns (it copies key and value into the batch, as the send
 * loop's reuse of its value arrays already relies on), so the same record object can be sent again. The send loop
 * then allocates nothing of its own per record; at open load with small records the ProducerRecord, its RecordHeaders
 * and their ArrayList were about 12% of the bytes the producer thread allocated (docs/benchmarks.md), garbage that the
 * stock tool's C2-compiled loop gets rid of by escape analysis and kbench's C1-only JVM does not.
 *
 * <p>Beyond {@link #MAX_RECORDS} value-key pairs (many keys) the records are built per send, as before.
 */
final class RecordPool {
    /**
     * At most this many records are kept per producer (about 90 bytes each with their headers: 360 KiB), which covers
     * every keyless workload (at most 1,024 values) and small key sets.
     */
    static final int MAX_RECORDS = 1 << 12;

    private final String topic;
    private final byte[][] values;
    private final KeyPool keys;
    /** Index value * max(1, keys) + key; null when there would be more than MAX_RECORDS. */
    private final ProducerRecord<byte[], byte[]>[] records;
    private final int stride;

    @SuppressWarnings("unchecked")
    RecordPool(String topic, byte[][] values, KeyPool keys) {
        this.topic = topic;
        this.values = values;
        this.keys = keys;
        this.stride = Math.max(1, keys.size());
        long count = (long) values.length * stride;
        if (count > MAX_RECORDS) {
            this.records = null;
            return;
        }
        this.records = new ProducerRecord[(int) count];
        for (int v = 0; v < values.length; v++) {
            for (int k = 0; k < stride; k++) {
                records[v * stride + k] = newRecord(v, keys.size() == 0 ? -1 : k);
            }
        }
    }

    /** The record of value {@code valueIndex} with key {@code keyIndex} (-1: no key). */
    ProducerRecord<byte[], byte[]> record(int valueIndex, int keyIndex) {
        if (records == null) {
            return newRecord(valueIndex, keyIndex);
        }
        return records[valueIndex * stride + Math.max(0, keyIndex)];
    }

    /** A record of {@code value}, made for one send, with key {@code keyIndex} (-1: no key): a value made per send. */
    ProducerRecord<byte[], byte[]> record(byte[] value, int keyIndex) {
        return new ProducerRecord<>(topic, null, keyIndex < 0 ? null : keys.key(keyIndex), value);
    }

    /** Whether every record is pre-built (no allocation per send). */
    boolean pooled() {
        return records != null;
    }

    private ProducerRecord<byte[], byte[]> newRecord(int valueIndex, int keyIndex) {
        return new ProducerRecord<>(topic, null, keyIndex < 0 ? null : keys.key(keyIndex), values[valueIndex]);
    }
}
