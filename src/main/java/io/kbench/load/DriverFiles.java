package io.kbench.load;

import io.kbench.error.RunFailedException;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The files a producer slice names (docs/drivers.md, "Values file"): each thread's values from kbench's own
 * {@link PayloadGenerator}, so every client sends the same bytes, and for random or Zipf keys each thread's key indices
 * drawn by kbench's own samplers, so no sampler is ported. In a private directory (mode 0700: a payload may be a
 * user's file), deleted when the run ends.
 */
final class DriverFiles implements AutoCloseable {
    /** Key indices per thread for random and Zipf keys: a driver cycles through them (4 MiB a thread). */
    static final int KEY_INDICES = 1 << 20;

    private final Path dir;

    private DriverFiles(Path dir) {
        this.dir = dir;
    }

    static DriverFiles create() {
        try {
            return new DriverFiles(Files.createTempDirectory("kbench-driver-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
        } catch (IOException e) {
            throw new RunFailedException("cannot create the driver's files: " + e.getMessage(), e);
        }
    }

    /** Thread {@code g}'s values: big-endian {@code u32 n}, then {@code n} times {@code u32 length, bytes}. */
    String values(int g, byte[][] values) {
        Path file = dir.resolve("values-" + g + ".bin");
        try (DataOutputStream out = open(file)) {
            out.writeInt(values.length);
            for (byte[] v : values) {
                out.writeInt(v.length);
                out.write(v);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("driver values file " + file, e);
        }
        return file.toString();
    }

    /** Thread {@code g}'s key indices, as its Java producer would draw them: {@code u32 n}, then {@code n} indices. */
    String keyIndices(int g, KeyPool keys, long seed) {
        Path file = dir.resolve("keys-" + g + ".bin");
        FastRandom random = new FastRandom(seed);
        try (DataOutputStream out = open(file)) {
            out.writeInt(KEY_INDICES);
            for (int i = 0; i < KEY_INDICES; i++) {
                out.writeInt(keys.indexFor(i, random));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("driver key file " + file, e);
        }
        return file.toString();
    }

    /** The directory a verified run's driver writes its send logs into (docs/drivers.md#send-log-file). */
    String sendLogDir() {
        Path logs = dir.resolve("sendlogs");
        try {
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw new UncheckedIOException("driver send log directory " + logs, e);
        }
        return logs.toString();
    }

    private static DataOutputStream open(Path file) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }

    /** Deletes the directory; a file that cannot be deleted stays in the temp directory (nothing secret but payloads). */
    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // the temp directory's cleaner has the rest
        }
    }
}
