package io.kbench.release;

import io.kbench.error.InvalidInputException;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Apache Kafka release kbench can run, {@code major.minor.patch}. The floor is 3.7.0: kbench starts brokers in KRaft
 * mode only, and 3.7 is the first KRaft release with several log directories per broker (KIP-858), which kbench's
 * storage options use; older releases are refused before anything is fetched.
 */
public record ReleaseVersion(int major, int minor, int patch) implements Comparable<ReleaseVersion> {
    private static final Pattern FORM = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Comparator<ReleaseVersion> ORDER = Comparator.comparingInt(ReleaseVersion::major)
            .thenComparingInt(ReleaseVersion::minor).thenComparingInt(ReleaseVersion::patch);

    /** The oldest release kbench runs, as text for messages (a constant instance would be built by this constructor). */
    public static final String FLOOR = "3.7.0";
    private static final String FORM_PROBLEM = "must be a Kafka release version major.minor.patch, like 4.4.0";
    private static final String FLOOR_PROBLEM = "must be a KRaft release from " + FLOOR + " on";

    public ReleaseVersion {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("negative version part: " + major + "." + minor + "." + patch);
        }
    }

    /**
     * {@code text} as a release of 3.7.0 or later; {@code field} names where it was written ({@code cluster.kafkaVersion},
     * {@code VERSION}) in the one-line error otherwise.
     */
    public static ReleaseVersion parse(String field, String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw InvalidInputException.field(field, text == null ? "nothing" : "'" + text + "'", FORM_PROBLEM);
        }
        ReleaseVersion v = of(m);
        if (v.belowFloor()) {
            throw InvalidInputException.field(field, v, FLOOR_PROBLEM);
        }
        return v;
    }

    /**
     * Why {@code text} is no release kbench runs, or null when it is one: for a check that names its field its own way
     * (a fault's, whose path is known only once it is bound).
     */
    public static String problem(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            return FORM_PROBLEM;
        }
        return of(m).belowFloor() ? FLOOR_PROBLEM : null;
    }

    private static ReleaseVersion of(Matcher m) {
        return new ReleaseVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    private boolean belowFloor() {
        return major < 3 || (major == 3 && minor < 7);
    }

    /** Whether this release is of an older release line ({@code major.minor}) than {@code other}. */
    public boolean olderLineThan(ReleaseVersion other) {
        return major < other.major || (major == other.major && minor < other.minor);
    }

    /** The release line, {@code 3.9} for 3.9.2: what a feature level such as {@code metadata.version} names. */
    public String line() {
        return major + "." + minor;
    }

    @Override
    public int compareTo(ReleaseVersion other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
