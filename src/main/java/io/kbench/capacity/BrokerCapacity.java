package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.result.Figure;
import io.kbench.unit.Units;

/** Sustainable produce rate one broker handles, and where that number came from (shown in the report). */
public record BrokerCapacity(double bytesPerSec, String source) {
    public BrokerCapacity {
        Checks.positive("per-broker capacity (bytes/s)", bytesPerSec);
        Checks.notBlank("per-broker capacity source", source);
    }

    public static BrokerCapacity given(double mebibytesPerSec) {
        Checks.positive("perBrokerMebibytesPerSec", mebibytesPerSec);
        return new BrokerCapacity(mebibytesPerSec * Units.BYTES_PER_MIB,
                "given: " + Figure.format(mebibytesPerSec) + " MiB/s per broker");
    }
}
