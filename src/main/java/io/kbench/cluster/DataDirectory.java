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

    /**
     * The file kbench writes into each directory it creates in a user-named cluster directory (broker-N, logs), so
     * that {@code cluster stop --delete-data} removes only those: a directory that held the user's files before kbench
     * ran has no marker and is left alone.
     */
    static final String CREATED_MARKER = ".kbench-created";

    /** Creates {@code dir} if it does not exist, and then marks it as kbench's; an existing directory is not marked. */
    static void createMarked(Path dir) {
        try {
            if (!Files.exists(dir)) {
                Files.createDirectories(dir);
                Files.writeString(dir.resolve(CREATED_MARKER), "created by kbench; cluster stop --delete-data removes this directory\n");
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Deletes {@code dir} when kbench created it ({@link #createMarked}); returns whether it did. */
    static boolean deleteIfCreated(Path dir) {
        if (!Files.isRegularFile(dir.resolve(CREATED_MARKER))) {
            return false;
        }
        delete(dir);
        return true;
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
