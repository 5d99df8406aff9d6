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

    private static String git(Path dir, String... args) {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = dir.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        Process p = null;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            byte[] out = p.getInputStream().readNBytes(4096);
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            return new String(out, java.nio.charset.StandardCharsets.UTF_8);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return null;
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }
}
