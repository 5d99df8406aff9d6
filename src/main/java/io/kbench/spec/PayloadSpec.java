package io.kbench.spec;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;

/**
 * Record value contents.
 *
 * @param type            random, letters, synthetic, file or monotonic
 * @param compressibility synthetic only: fraction (0..1) of each value drawn from a repeated vocabulary
 * @param seed            seed for random, letters and synthetic generators and for picking values and keys, so
 *                        runs are repeatable
 * @param file            file only: path of the sample payloads
 * @param delimiter       file only: separator between samples (default a newline)
 */
public record PayloadSpec(PayloadType type, Double compressibility, Long seed, String file, String delimiter) {
    public PayloadSpec {
        type = type == null ? PayloadType.RANDOM : type;
        seed = seed == null ? 42L : seed;
        if (type == PayloadType.SYNTHETIC) {
            compressibility = compressibility == null ? 0.5 : compressibility;
            if (!(compressibility >= 0 && compressibility <= 1)) {
                throw InvalidInputException.field("producers.payload.compressibility", compressibility, "must be between 0 and 1");
            }
        } else if (compressibility != null) {
            throw InvalidInputException.field("producers.payload.compressibility", compressibility, "only applies to type synthetic");
        }
        if (type == PayloadType.FILE) {
            Checks.notBlank("producers.payload.file", file);
            delimiter = delimiter == null ? "\n" : delimiter;
            if (delimiter.isEmpty()) {
                throw InvalidInputException.field("producers.payload.delimiter", "''", "must not be empty");
            }
        } else if (file != null) {
            throw InvalidInputException.field("producers.payload.file", file, "only applies to type file");
        }
    }

    public static PayloadSpec random() {
        return new PayloadSpec(PayloadType.RANDOM, null, null, null, null);
    }
}
