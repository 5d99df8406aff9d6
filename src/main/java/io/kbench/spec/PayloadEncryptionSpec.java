package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import java.nio.file.Path;

/**
 * End-to-end payload encryption: producers encrypt each value in their serializer, consumers decrypt and authenticate
 * it in their deserializer. The key is never part of the workload: it is read from a file or an environment variable
 * when the run starts, or generated for the run, and never written out.
 *
 * @param algorithm AES-GCM (the only one)
 * @param keyBits   128 (default) or 256
 * @param keyFile   a file holding the key as hex or base64 text; exclusive with keyEnv
 * @param keyEnv    an environment variable holding the key as hex or base64; absent both: a key generated per run
 */
public record PayloadEncryptionSpec(EncryptionAlgorithm algorithm, Integer keyBits, Path keyFile, String keyEnv) {
    public PayloadEncryptionSpec {
        algorithm = algorithm == null ? EncryptionAlgorithm.AES_GCM : algorithm;
        keyBits = keyBits == null ? 128 : keyBits;
        if (keyBits != 128 && keyBits != 256) {
            throw InvalidInputException.field("producers.payloadEncryption.keyBits", keyBits, "must be 128 or 256");
        }
        if (keyFile != null && keyEnv != null) {
            throw InvalidInputException.field("producers.payloadEncryption", "keyFile and keyEnv",
                    "give keyFile or keyEnv, not both");
        }
        if (keyEnv != null && !keyEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw InvalidInputException.field("producers.payloadEncryption.keyEnv", "'" + keyEnv + "'",
                    "must be an environment variable name");
        }
    }
}
