package io.kbench.load;

/** A monotonic clock in nanoseconds; injectable so schedules can be tested without waiting. */
@FunctionalInterface
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
