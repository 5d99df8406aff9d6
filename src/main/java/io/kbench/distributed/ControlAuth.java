package io.kbench.distributed;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How control messages are authenticated: HMAC-SHA256 with a {@link ControlKey} both sides hold, or not at all
 * ({@code --insecure-control}, for a lab whose Kafka only trusted people can write to). Immutable; thread-safe (a
 * {@link Mac} per call: a few per second).
 */
public final class ControlAuth {
    private static final String ALGORITHM = "HmacSHA256";
    private static final ControlAuth INSECURE = new ControlAuth(null);

    private final SecretKeySpec key;
    private final ControlKey source;

    private ControlAuth(ControlKey source) {
        this.source = source;
        this.key = source == null ? null : new SecretKeySpec(source.bytes(), ALGORITHM);
    }

    public static ControlAuth of(ControlKey key) {
        return new ControlAuth(java.util.Objects.requireNonNull(key, "key"));
    }

    /** {@code --insecure-control}: messages carry no MAC and none is checked. */
    public static ControlAuth insecure() {
        return INSECURE;
    }

    public boolean authenticated() {
        return key != null;
    }

    /** The key, to hand it to local workers; null when insecure. */
    ControlKey key() {
        return source;
    }

    /** The MAC of {@code canonical}, base64; null when insecure. */
    String mac(String canonical) {
        return key == null ? null : Base64.getEncoder().encodeToString(raw(canonical));
    }

    /**
     * Whether {@code mac} is the MAC of {@code canonical} exactly as {@link #mac} writes it; compared in constant time.
     * The text is compared, not what it decodes to: Java's decoder takes a MAC without its padding or with other
     * unused low bits in its last character, so several texts decode to the same MAC, and a reader accepting any of
     * them would accept records that are not the ones sealed. Always true when insecure.
     */
    boolean verify(String canonical, String mac) {
        if (key == null) {
            return true;
        }
        if (mac == null) {
            return false;
        }
        return MessageDigest.isEqual(mac(canonical).getBytes(StandardCharsets.US_ASCII),
                mac.getBytes(StandardCharsets.UTF_8));
    }

    private byte[] raw(String canonical) {
        try {
            Mac m = Mac.getInstance(ALGORITHM);
            m.init(key);
            return m.doFinal(canonical.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every JDK has HmacSHA256 and the key is non-empty: this cannot happen.
            throw new IllegalStateException("HmacSHA256 unavailable: " + e.getMessage(), e);
        }
    }

    /** One line for the run header and the worker's first line; never the key. */
    public String describe() {
        return key == null ? "NOT authenticated (--insecure-control: anyone who can write to the control topics controls the workers)"
                : "authenticated (HMAC-SHA256, " + source + ")";
    }

    @Override
    public String toString() {
        return describe();
    }
}
