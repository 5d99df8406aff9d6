package io.kbench.unit;

/**
 * Every unit constant and conversion kbench uses, defined once so units are never mixed silently.
 * MiB is what Kafka's perf tools print as "MB": 1024*1024 bytes.
 */
public final class Units {
    public static final double BYTES_PER_MIB = 1024.0 * 1024.0;
    /** Decimal terabyte, as drive vendors rate capacity and TBW. */
    public static final double BYTES_PER_TB = 1e12;
    /** Binary tebibyte; the S3 sizing table's "TB" column is in these. */
    public static final double BYTES_PER_TIB = Math.pow(2, 40);
    /** Network Gbps is decimal bits per second. */
    public static final double BITS_PER_GBIT = 1e9;
    /** Binary gibibit; the S3 table's "Gbps" column turns out to be in these. */
    public static final double BITS_PER_GIBIT = Math.pow(2, 30);
    public static final double SECONDS_PER_DAY = 86_400;
    /** Endurance years and yearly costs use a 365-day year (8,760 h), as the studies do. */
    public static final double DAYS_PER_YEAR = 365;
    public static final double HOURS_PER_YEAR = 8_760;
    public static final double NANOS_PER_SECOND = 1e9;
    public static final long NANOS_PER_MICRO = 1_000;
    public static final double MICROS_PER_MILLI = 1_000.0;

    private Units() {
    }

    public static double mib(double bytes) {
        return bytes / BYTES_PER_MIB;
    }

    public static double gbps(double bytesPerSec) {
        return bytesPerSec * 8 / BITS_PER_GBIT;
    }

    /** {@code count} per second over {@code nanos}; zero when the window is empty. */
    public static double perSecond(double count, long nanos) {
        return nanos <= 0 ? 0 : count * NANOS_PER_SECOND / nanos;
    }

    public static double seconds(long nanos) {
        return nanos / NANOS_PER_SECOND;
    }

    /** Whole microseconds, as latencies are recorded (HdrHistogram of micros). */
    public static long micros(long nanos) {
        return nanos / NANOS_PER_MICRO;
    }

    /** Latencies are recorded in microseconds and shown in milliseconds. */
    public static double millis(double micros) {
        return micros / MICROS_PER_MILLI;
    }
}
