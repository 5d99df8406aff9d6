package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Creates and deletes cluster data directories. */
final class DataDirectory {
    private DataDirectory() {
    }

    static Path createTemp() {
        try {
            return Files.createTempDirectory("kbench-cluster-").toAbsolutePath();
        } catch (IOException e) {
            throw new RunFailedException("cannot create a temp dir for the cluster: " + e.getMessage(), e);
        }
    }

    /** Deletes {@code dir} and everything below it; a missing dir is fine. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new RunFailedException("cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }
}
