package io.kbench.load;

import io.kbench.measure.ErrorCounts;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * AES-GCM of record values: {@code nonce (12 bytes) | ciphertext | tag (16 bytes)}. The stamp is inside the
 * plaintext, written before send() and read after poll(), so end-to-end latency includes encrypting and decrypting.
 * One Cipher per producer or consumer (serializers run on that client's own thread); the nonce is a random per-client
 * prefix and a counter, never repeated under one key. kbench allocates only the output array per record.
 */
public final class PayloadCipher {
    /** Bytes each encrypted value carries beyond the plaintext: nonce and tag. */
    public static final int OVERHEAD = 12 + 16;

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final SecureRandom RANDOM = new SecureRandom();

    private PayloadCipher() {
    }

    private static Cipher cipher() {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no AES/GCM/NoPadding", e);
        }
    }

    /** The producer side. */
    public static final class Encrypting implements Serializer<byte[]> {
        private final Cipher cipher = cipher();
        private final SecretKey key;
        private final int noncePrefix = RANDOM.nextInt();
        private long counter;

        public Encrypting(SecretKey key) {
            this.key = key;
        }

        @Override
        public byte[] serialize(String topic, byte[] data) {
            if (data == null) {
                return null;
            }
            byte[] out = new byte[NONCE_BYTES + data.length + TAG_BITS / 8];
            INT.set(out, 0, noncePrefix);
            LONG.set(out, 4, counter++);
            try {
                cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, out, 0, NONCE_BYTES));
                cipher.doFinal(data, 0, data.length, out, NONCE_BYTES);
            } catch (GeneralSecurityException e) {
                throw new SerializationException("payload encryption failed: " + e.getMessage(), e);
            }
            return out;
        }
    }

    /**
     * The consumer side. A value that does not authenticate (wrong key, tampered, not encrypted) is counted in
     * {@code errors} and delivered as null, so it is never taken for a record: no stamp, no latency, not measured.
     */
    public static final class Decrypting implements Deserializer<byte[]> {
        private final Cipher cipher = cipher();
        private final SecretKey key;
        private final ErrorCounts errors;

        public Decrypting(SecretKey key, ErrorCounts errors) {
            this.key = key;
            this.errors = errors;
        }

        @Override
        public byte[] deserialize(String topic, byte[] data) {
            if (data == null) {
                return null;
            }
            if (data.length < OVERHEAD) {
                errors.count(new AEADBadTagException("value too short for AES-GCM"));
                return null;
            }
            byte[] out = new byte[data.length - OVERHEAD];
            try {
                cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, data, 0, NONCE_BYTES));
                cipher.doFinal(data, NONCE_BYTES, data.length - NONCE_BYTES, out, 0);
                return out;
            } catch (AEADBadTagException e) {
                errors.count(e);
                return null;
            } catch (GeneralSecurityException e) {
                throw new SerializationException("payload decryption failed: " + e.getMessage(), e);
            }
        }
    }
}
