package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.ByteSizeDeserializer;
import io.kbench.unit.ByteSize;

/**
 * Record value size in bytes: fixed ({@code recordSize: 1024}), uniform ({@code {min: 100, max: 2000}})
 * or normal ({@code {mean: 1000, stddev: 200, min: 16, max: 4096}}). Each size may carry a binary unit ({@code 1Ki},
 * {@code 4KiB}), see {@link ByteSize}.
 */
@JsonClassDescription("a size such as 1024, 1Ki or 4KiB, or a mapping {min, max} or {mean, stddev, min, max} of sizes")
public record RecordSizeSpec(Integer bytes,
                             @JsonDeserialize(using = ByteSizeDeserializer.class) Integer min,
                             @JsonDeserialize(using = ByteSizeDeserializer.class) Integer max,
                             @JsonDeserialize(using = ByteSizeDeserializer.class) Integer mean,
                             @JsonDeserialize(using = ByteSizeDeserializer.class) Integer stddev) {
    /** Largest record kbench generates; beyond this the broker's message.max.bytes default rejects it anyway. */
    public static final int MAX_BYTES = 100 * 1024 * 1024;

    public RecordSizeSpec {
        if (bytes != null) {
            if (min != null || max != null || mean != null || stddev != null) {
                throw InvalidInputException.field("producers.recordSize", "bytes and a distribution",
                        "give either a fixed size or min/max[/mean/stddev]");
            }
            Checks.between("producers.recordSize", bytes, 1, MAX_BYTES);
        } else {
            if (min == null || max == null) {
                throw InvalidInputException.field("producers.recordSize", "min=" + min + ", max=" + max,
                        "a distribution needs both min and max");
            }
            Checks.between("producers.recordSize.min", min, 1, MAX_BYTES);
            Checks.between("producers.recordSize.max", max, min, MAX_BYTES);
            if ((mean == null) != (stddev == null)) {
                throw InvalidInputException.field("producers.recordSize", "mean=" + mean + ", stddev=" + stddev,
                        "a normal distribution needs both mean and stddev");
            }
            if (mean != null) {
                Checks.between("producers.recordSize.mean", mean, min, max);
                Checks.between("producers.recordSize.stddev", stddev, 0, MAX_BYTES);
            }
        }
    }

    /** A plain number in YAML means a fixed size. */
    @JsonCreator
    public static RecordSizeSpec fixed(int bytes) {
        return new RecordSizeSpec(bytes, null, null, null, null);
    }

    /** A size with a unit in YAML or {@code --set} ({@code recordSize: 1Ki}) means a fixed size too. */
    @JsonCreator
    public static RecordSizeSpec fixed(String size) {
        try {
            return fixed(ByteSize.parseInt(size));
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field("producers.recordSize", size, e.getMessage());
        }
    }

    @JsonIgnore
    public boolean isFixed() {
        return bytes != null;
    }

    /** The smallest size this spec can produce. */
    public int minBytes() {
        return isFixed() ? bytes : min;
    }

    /** The mean size: exact for fixed, the midpoint or mean for distributions. */
    public double meanBytes() {
        if (isFixed()) {
            return bytes;
        }
        return mean != null ? mean : (min + max) / 2.0;
    }
}
