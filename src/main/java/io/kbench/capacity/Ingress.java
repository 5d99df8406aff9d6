package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.Units;

/**
 * Target produce rate, in logical (uncompressed) bytes; records are known when the user gave a record rate or size.
 *
 * @param recordsPerSec null when only a byte rate was given
 * @param recordSizeBytes null when only a byte rate was given
 */
public record Ingress(double bytesPerSec, Double recordsPerSec, Integer recordSizeBytes) {
    public Ingress {
        Checks.positive("ingress bytes per second", bytesPerSec);
        if (recordsPerSec != null) {
            Checks.positive("ingressRecordsPerSec", recordsPerSec);
        }
        if (recordSizeBytes != null) {
            Checks.atLeast("recordSizeBytes", recordSizeBytes, 1);
        }
    }

    /** From whichever of the two ways the user chose; exactly one must be complete. */
    public static Ingress of(Double recordsPerSec, Integer recordSizeBytes, Double mebibytesPerSec) {
        if (mebibytesPerSec != null && recordsPerSec != null) {
            throw InvalidInputException.field("ingressMebibytesPerSec", mebibytesPerSec,
                    "give either ingressMebibytesPerSec or ingressRecordsPerSec with recordSizeBytes, not both");
        }
        if (recordsPerSec != null) {
            Checks.positive("ingressRecordsPerSec", recordsPerSec);
            if (recordSizeBytes == null) {
                throw InvalidInputException.field("recordSizeBytes", null, "required with ingressRecordsPerSec");
            }
            Checks.atLeast("recordSizeBytes", recordSizeBytes, 1);
            return new Ingress(recordsPerSec * recordSizeBytes, recordsPerSec, recordSizeBytes);
        }
        if (mebibytesPerSec != null) {
            Checks.positive("ingressMebibytesPerSec", mebibytesPerSec);
            double bytes = mebibytesPerSec * Units.BYTES_PER_MIB;
            Double records = recordSizeBytes == null ? null : bytes / Checks.atLeast("recordSizeBytes", recordSizeBytes, 1);
            return new Ingress(bytes, records, recordSizeBytes);
        }
        throw InvalidInputException.field("ingress", "nothing",
                "give ingressRecordsPerSec with recordSizeBytes, or ingressMebibytesPerSec");
    }
}
