package io.kbench.measure;

/** Unit conversions used in results: MiB as Kafka's tools mean "MB" (1024*1024 bytes). */
public final class Units {
    public static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;

    private Units() {
    }

    public static double mebibytes(long bytes) {
        return bytes / BYTES_PER_MEBIBYTE;
    }

    /** {@code count} per second over {@code nanos}; zero when the window is empty. */
    public static double perSecond(double count, long nanos) {
        return nanos <= 0 ? 0 : count * 1e9 / nanos;
    }
}
