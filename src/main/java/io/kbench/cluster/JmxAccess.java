package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * The embedded brokers' JMX agent asks for a password: a JMX client can create MBeans (MLet) and so run code as the
 * broker's user, and any local user can reach a loopback port. kbench generates one read-only user per cluster
 * ({@value #USER}) with a random password in {@code DIR/jmx.password}, mode 0600 (the JDK agent refuses a file others
 * can read), which kbench's own telemetry reads; jconsole users read it there too (docs/security.md).
 */
public final class JmxAccess {
    /** The JMX user kbench's telemetry logs in as; read-only: attributes, no operations. */
    public static final String USER = "kbench";
    static final String PASSWORD_FILE = "jmx.password";
    static final String ACCESS_FILE = "jmx.access";
    private static final SecureRandom RANDOM = new SecureRandom();

    private JmxAccess() {
    }

    /**
     * Writes the password and access files into {@code dataDir} unless they exist (a restarted broker, a resumed
     * cluster keeps its password); both are created owner-only, never widened afterwards. Synchronized: the brokers of
     * a cluster are launched side by side, and two launches that both found no file would each write a password, so
     * that a broker started with the first would refuse the second, which kbench's telemetry then reads.
     */
    static synchronized void create(Path dataDir) {
        Path password = dataDir.resolve(PASSWORD_FILE);
        Path access = dataDir.resolve(ACCESS_FILE);
        try {
            Files.createDirectories(dataDir);
            if (!Files.exists(password)) {
                byte[] secret = new byte[24];
                RANDOM.nextBytes(secret);
                writeOwnerOnly(password, USER + " " + HexFormat.of().formatHex(secret) + "\n");
            }
            if (!Files.exists(access)) {
                writeOwnerOnly(access, USER + " readonly\n");
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot write the brokers' JMX password file in " + dataDir + ": " + e.getMessage(), e);
        }
    }

    private static void writeOwnerOnly(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, text);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The agent flags naming the files of {@code dataDir}. */
    /** Removes the password and access files from {@code dataDir} (missing files are fine). */
    static void delete(Path dataDir) {
        try {
            Files.deleteIfExists(dataDir.resolve(PASSWORD_FILE));
            Files.deleteIfExists(dataDir.resolve(ACCESS_FILE));
        } catch (IOException e) {
            // Best effort on a failed start: the start's own error is what the user needs to see.
        }
    }

    static List<String> flags(Path dataDir) {
        // toHashes=false: by default the JDK's agent rewrites a writable password file with salted hashes at the first
        // login, after which kbench (and --broker-jmx-password-file, --cluster-dir) could no longer read the password,
        // so every later run against the same cluster lost its broker series to FailedLoginException.
        return List.of("-Dcom.sun.management.jmxremote.authenticate=true",
                "-Dcom.sun.management.jmxremote.password.toHashes=false",
                "-Dcom.sun.management.jmxremote.password.file=" + dataDir.resolve(PASSWORD_FILE).toAbsolutePath(),
                "-Dcom.sun.management.jmxremote.access.file=" + dataDir.resolve(ACCESS_FILE).toAbsolutePath());
    }

    /** {user, password} of the cluster in {@code dataDir}, or null when it has no password file (an older cluster). */
    public static String[] credentials(Path dataDir) {
        try {
            String line = Files.readString(dataDir.resolve(PASSWORD_FILE)).strip();
            int space = line.indexOf(' ');
            return space < 0 ? null : new String[] {line.substring(0, space), line.substring(space + 1).strip()};
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new RunFailedException("cannot read the brokers' JMX password file in " + dataDir + ": " + e.getMessage(), e);
        }
    }
}
