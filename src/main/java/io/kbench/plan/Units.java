package io.kbench.plan;

/** Unit constants; every conversion in planning goes through these so units are never mixed silently. */
public final class Units {
    /** MiB as printed by Kafka's perf tools ("MB" there means 1024*1024 bytes). */
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

    private Units() {
    }

    public static double mib(double bytes) {
        return bytes / BYTES_PER_MIB;
    }

    public static double gbps(double bytesPerSec) {
        return bytesPerSec * 8 / BITS_PER_GBIT;
    }
}
