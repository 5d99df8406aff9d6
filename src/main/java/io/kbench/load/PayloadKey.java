package io.kbench.load;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.PayloadEncryptionSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The payload encryption key of a run: from the file or environment variable the workload names, or generated. Errors
 * name the setting, never the key's value.
 */
public final class PayloadKey {
    private static final SecureRandom RANDOM = new SecureRandom();

    private PayloadKey() {
    }

    /** The AES key {@code spec} describes. */
    public static SecretKey resolve(PayloadEncryptionSpec spec) {
        int bytes = spec.keyBits() / 8;
        byte[] key;
        if (spec.keyFile() != null) {
            key = decode("producers.payloadEncryption.keyFile", spec.keyFile().toString(), read(spec), bytes);
        } else if (spec.keyEnv() != null) {
            String value = System.getenv(spec.keyEnv());
            if (value == null || value.isBlank()) {
                throw InvalidInputException.field("producers.payloadEncryption.keyEnv", spec.keyEnv(),
                        "the environment variable is not set");
            }
            key = decode("producers.payloadEncryption.keyEnv", spec.keyEnv(), value, bytes);
        } else {
            key = new byte[bytes];
            RANDOM.nextBytes(key);
        }
        return new SecretKeySpec(key, "AES");
    }

    private static String read(PayloadEncryptionSpec spec) {
        try {
            return Files.readString(spec.keyFile(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw InvalidInputException.field("producers.payloadEncryption.keyFile", spec.keyFile(),
                    "cannot read it (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Hex (2 characters a byte) or base64 text of exactly {@code bytes} bytes. */
    private static byte[] decode(String field, String source, String text, int bytes) {
        String t = text.strip();
        byte[] key = null;
        if (t.length() == 2 * bytes && t.matches("[0-9a-fA-F]+")) {
            key = HexFormat.of().parseHex(t);
        } else {
            try {
                key = Base64.getDecoder().decode(t);
            } catch (IllegalArgumentException notBase64) {
                // Reported below without quoting the text: it may be the key with a typo.
            }
        }
        if (key == null || key.length != bytes) {
            throw InvalidInputException.field(field, source, "must hold a " + bytes * 8 + "-bit key as "
                    + 2 * bytes + " hex characters or base64 of " + bytes + " bytes (the value is not shown)");
        }
        return key;
    }
}
