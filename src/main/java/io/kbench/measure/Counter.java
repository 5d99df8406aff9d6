package io.kbench.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A count of records and bytes, written by the client's I/O thread and read by the reporter.
 * Lock-free; updated with plain atomics so the hot path allocates nothing.
 */
public final class Counter {
    private final AtomicLong records = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    public void add(long recordCount, long byteCount) {
        records.addAndGet(recordCount);
        bytes.addAndGet(byteCount);
    }

    public long records() {
        return records.get();
    }

    public long bytes() {
        return bytes.get();
    }
}
