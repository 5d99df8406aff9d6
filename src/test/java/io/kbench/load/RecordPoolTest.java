package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.KeySpec;
import io.kbench.spec.KeyType;
import java.lang.management.ManagementFactory;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/** The send loop's ProducerRecords: built once per value and key, so sending allocates nothing of kbench's own. */
class RecordPoolTest {
    private static final byte[][] VALUES = {new byte[100], new byte[100], new byte[100]};

    @Test
    void aKeylessRecordIsBuiltOncePerValueAndSentAgain() {
        RecordPool pool = new RecordPool("t", VALUES, new KeyPool(KeySpec.none()));
        assertThat(pool.pooled()).isTrue();
        for (int v = 0; v < VALUES.length; v++) {
            ProducerRecord<byte[], byte[]> r = pool.record(v, -1);
            assertThat(r.topic()).isEqualTo("t");
            assertThat(r.key()).isNull();
            assertThat(r.value()).isSameAs(VALUES[v]);
            assertThat(r.partition()).isNull();
            assertThat(r.timestamp()).as("the producer stamps CreateTime at send()").isNull();
            assertThat(pool.record(v, -1)).isSameAs(r);
        }
    }

    @Test
    void keyedRecordsCarryTheKeyTheKeyPoolChose() {
        KeyPool keys = new KeyPool(new KeySpec(KeyType.ROUND_ROBIN, 4, null));
        RecordPool pool = new RecordPool("t", VALUES, keys);
        FastRandom random = new FastRandom(1);
        assertThat(pool.pooled()).isTrue();
        for (long i = 0; i < 12; i++) {
            int k = keys.indexFor(i, random);
            ProducerRecord<byte[], byte[]> r = pool.record(2, k);
            assertThat(r.key()).isSameAs(keys.key(k)).isEqualTo(keys.keyFor(i, random));
            assertThat(r.value()).isSameAs(VALUES[2]);
            assertThat(pool.record(2, k)).isSameAs(r);
        }
    }

    @Test
    void beyondTheCapRecordsAreBuiltPerSendWithTheSameContent() {
        KeyPool keys = new KeyPool(new KeySpec(KeyType.RANDOM, RecordPool.MAX_RECORDS, null));
        RecordPool pool = new RecordPool("t", VALUES, keys);
        assertThat(pool.pooled()).isFalse();
        ProducerRecord<byte[], byte[]> r = pool.record(1, 5);
        assertThat(r.key()).isSameAs(keys.key(5));
        assertThat(r.value()).isSameAs(VALUES[1]);
    }

    @Test
    void choosingAPooledRecordAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        KeyPool keys = new KeyPool(new KeySpec(KeyType.ROUND_ROBIN, 8, null));
        RecordPool pool = new RecordPool("t", VALUES, keys);
        FastRandom random = new FastRandom(3);
        long sink = choose(pool, keys, random, 100_000); // warm up: class loading and compilation happen here
        long before = threads.getThreadAllocatedBytes(thread);
        sink += choose(pool, keys, random, 1_000_000);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertThat(allocated).as("bytes allocated choosing 1,000,000 records").isLessThan(4096);
        assertThat(sink).isPositive();
    }

    private static long choose(RecordPool pool, KeyPool keys, FastRandom random, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += pool.record(random.nextInt(VALUES.length), keys.indexFor(i, random)).value().length;
        }
        return sum;
    }
}
