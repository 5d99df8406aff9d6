package io.kbench.release;

import java.util.Locale;

/** Where the jars of a release came from this time. */
public enum ReleaseSource {
    /** kbench's own Kafka, on its classpath (the {@code kafka.version} it was built with). */
    BUNDLED,
    /** Read from the local cache: nothing was downloaded. */
    CACHED,
    /** At least one file was downloaded into the cache by this call. */
    FETCHED;

    /** How it is written in text: {@code cached}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
