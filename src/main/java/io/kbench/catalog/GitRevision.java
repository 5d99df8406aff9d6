package io.kbench.catalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The git commit that last changed a workload file, when it sits in a git work tree and git is installed. */
public final class GitRevision {
    private static final long TIMEOUT_SECONDS = 5;

    private GitRevision() {
    }

    /**
     * The commit hash, with {@code -dirty} when the file differs from that commit's copy; null when unknown. Dirty is
     * judged by hashing the file as it is ({@code hash-object --no-filters}) against HEAD's blob, not by {@code git
     * status}, which can run a repository's clean filters and fsmonitor: commands a cloned repository's configuration
     * names (docs/security.md, "A workload is code"). The price: a file git converts on checkout (eol=crlf, ident, Git
     * LFS) reads as -dirty even when unchanged.
     */
    public static String of(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        Path abs = file.toAbsolutePath().normalize();
        String name = abs.getFileName().toString();
        String commit = git(abs.getParent(), "log", "-1", "--format=%H", "--", name);
        if (commit == null || commit.isBlank()) {
            return null;
        }
        String committed = git(abs.getParent(), "rev-parse", "--verify", "--quiet", "HEAD:./" + name);
        String now = git(abs.getParent(), "hash-object", "--no-filters", "--", name);
        boolean clean = committed != null && now != null && committed.strip().equals(now.strip());
        return commit.trim() + (clean ? "" : "-dirty");
    }

    /**
     * Git with nothing of the repository's own configuration that runs a program: no hooks, no fsmonitor, no signature
     * check (gpg), and no optional lock or index write; the repository is the workload's directory, which may be anyone's
     * clone.
     */
    static final List<String> HARDENED = List.of("git", "--no-optional-locks", "-c", "core.hooksPath=/dev/null", "-c",
            "core.fsmonitor=false", "-c", "log.showSignature=false");

    /**
     * Runs git with its output in a temporary file, so the timeout starts as soon as git does: reading a pipe would
     * block for as long as a hung git (a network file system, a lock) kept it open, before any timeout applied.
     */
    static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(HARDENED);
        command.add("-C");
        command.add(dir.toString());
        command.addAll(List.of(args));
        return run(command.toArray(String[]::new), TIMEOUT_SECONDS * 1000);
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
