package io.kbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/** Control key files for the distributed tests, as an operator makes one ('openssl rand -hex 32'), owner-only. */
public final class ControlKeyFiles {
    private ControlKeyFiles() {
    }

    /** A fresh 32-byte key in hex at {@code dir/control.key}, readable by its owner only. */
    public static Path write(Path dir) throws IOException {
        Path key = dir.resolve("control.key");
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        Files.writeString(key, HexFormat.of().formatHex(random) + "\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        return key;
    }
}
