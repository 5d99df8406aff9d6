package io.kbench.distributed;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The shared secret that authenticates control messages (HMAC-SHA256): text of 32 to 1024 printable characters, e.g.
 * {@code openssl rand -hex 32}. Its value is never printed: {@link #toString} says only where it came from.
 */
public final class ControlKey {
    static final int MIN_CHARS = 32;
    static final int MAX_CHARS = 1024;

    private final byte[] bytes;
    /** Where the key came from, for the run header: never the key. */
    private final String description;

    private ControlKey(String text, String description) {
        this.bytes = text.getBytes(StandardCharsets.UTF_8);
        this.description = description;
    }

    /** {@code --control-key-file}: the file's text, trimmed (a Kubernetes Secret mounted as a file ends in a newline). */
    public static ControlKey fromFile(Path file, String flag) {
        try {
            if (Files.size(file) > 4 * MAX_CHARS) {
                throw InvalidInputException.field(flag, file, "is larger than " + 4 * MAX_CHARS + " bytes: not a control key");
            }
            return of(Files.readString(file, StandardCharsets.UTF_8), flag + " " + file);
        } catch (IOException e) {
            throw InvalidInputException.field(flag, file, "cannot be read: " + e.getClass().getSimpleName());
        }
    }

    /** {@code --control-key-env}: the variable's value, trimmed. */
    public static ControlKey fromEnv(String variable, String flag) {
        String value = System.getenv(variable);
        if (value == null) {
            throw InvalidInputException.field(flag, variable, "is not set in the environment");
        }
        return of(value, flag + " " + variable);
    }

    /** A fresh key for one run's local workers (64 hex characters from SecureRandom), handed to them on a pipe. */
    public static ControlKey random() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return new ControlKey(HexFormat.of().formatHex(b), "a control key generated for the local workers");
    }

    /** The key as text; only to hand it to a local worker over its stdin pipe. */
    String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** A key given as text (the local worker's handover), checked as a file's would be. */
    static ControlKey of(String raw, String source) {
        String text = raw.strip();
        if (text.length() < MIN_CHARS || text.length() > MAX_CHARS) {
            throw new InvalidInputException(source + ": a control key must be " + MIN_CHARS + " to " + MAX_CHARS
                    + " characters (got " + text.length() + "); make one with 'openssl rand -hex 32'");
        }
        if (!text.chars().allMatch(c -> c > 32 && c < 127)) {
            throw new InvalidInputException(source + ": a control key must be printable ASCII without spaces");
        }
        return new ControlKey(text, "control key from " + source);
    }

    byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public String toString() {
        return description;
    }
}
