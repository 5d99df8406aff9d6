package io.kbench.catalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The git commit that last changed a workload file, when it sits in a git work tree and git is installed. */
public final class GitRevision {
    private static final long TIMEOUT_SECONDS = 5;

    private GitRevision() {
    }

    /** The commit hash, with {@code -dirty} when the file has uncommitted changes; null when unknown. */
    public static String of(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        Path abs = file.toAbsolutePath().normalize();
        String commit = git(abs.getParent(), "log", "-1", "--format=%H", "--", abs.getFileName().toString());
        if (commit == null || commit.isBlank()) {
            return null;
        }
        String status = git(abs.getParent(), "status", "--porcelain", "--", abs.getFileName().toString());
        return commit.trim() + (status != null && !status.isBlank() ? "-dirty" : "");
    }

    /**
     * Runs git with its output in a temporary file, so the timeout starts as soon as git does: reading a pipe would
     * block for as long as a hung git (a network file system, a lock) kept it open, before any timeout applied.
     */
    static String git(Path dir, String... args) {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = dir.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        return run(command, TIMEOUT_SECONDS * 1000);
    }

    /** The first 4 KiB of what {@code command} prints, when it exits 0 within {@code timeoutMillis}; else null. */
    static String run(String[] command, long timeoutMillis) {
        Process p = null;
        Path out = null;
        try {
            out = Files.createTempFile("kbench-git", ".out");
            p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            if (!p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
                return null;
            }
            try (java.io.InputStream in = Files.newInputStream(out)) {
                return new String(in.readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8);
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return null;
        } finally {
            if (p != null) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (java.io.IOException ignored) {
                    // a temporary file left in the temp directory; nothing to tell the user
                }
            }
        }
    }
}
