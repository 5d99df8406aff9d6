package io.kbench.fault;

/** The run's monotonic clock as the fault scheduler sees it; tests drive a fake one. */
public interface FaultClock {
    /** The system clock the producers use (System.nanoTime). */
    FaultClock SYSTEM = new FaultClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long nanos) throws InterruptedException {
            long wait = nanos - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
        }
    };

    long nanoTime();

    /** Returns at {@code nanos} or later; an interrupt ends the wait early. */
    void sleepUntil(long nanos) throws InterruptedException;
}
