package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The one releaser of a cluster's emulated storage, on every exit path: a small shell in a session of its own that
 * learns each mount point and image file from a pipe only kbench writes to, and on EOF unmounts them, detaches any
 * loop device still backed by an image and deletes the images. kbench closes the pipe to release (end of run,
 * failure, Ctrl-C, SIGTERM); the kernel closes it when kbench dies in any way (SIGKILL included). Like the pause
 * guard it ignores the terminal's signals, and {@code setsid} keeps it out of a signal to kbench's process group.
 */
final class StorageGuard {
    /** How long release waits for the guard: brokers still running when kbench died halt within 20 s. */
    static final long RELEASE_SECONDS = 45;

    /**
     * {@code $1} umount, {@code $2} mountpoint, {@code $3} losetup (absolute paths). Lines on stdin: {@code mount PATH},
     * {@code image PATH}. A busy mount (a broker of a killed kbench still exiting) is retried for 30 s, then detached
     * lazily, which the kernel completes when the last file closes; a mounted loop device was detached right after
     * mounting (autoclear), so the unmount frees it.
     */
    static final String SCRIPT = "trap '' INT TERM HUP\n"
            + "m=; f=\n"
            + "while IFS= read -r line; do\n"
            + "  case \"$line\" in\n"
            + "    'mount '*) m=\"${line#mount }\n$m\" ;;\n"
            + "    'image '*) f=\"${line#image }\n$f\" ;;\n"
            + "  esac\n"
            + "done\n"
            + "rc=0\n"
            + "printf '%s' \"$m\" | { while IFS= read -r p; do\n"
            + "  [ -n \"$p\" ] || continue\n"
            + "  i=0\n"
            + "  while \"$2\" -q \"$p\"; do\n"
            + "    \"$1\" \"$p\" 2>/dev/null && break\n"
            + "    i=$((i+1))\n"
            + "    if [ $i -ge 60 ]; then \"$1\" -l \"$p\" || echo \"cannot unmount $p\" >&2; break; fi\n"
            + "    sleep 0.5\n"
            + "  done\n"
            + "done; }\n"
            + "printf '%s' \"$f\" | { while IFS= read -r x; do\n"
            + "  [ -n \"$x\" ] || continue\n"
            + "  if [ -n \"$3\" ]; then\n"
            + "    \"$3\" -n -O NAME -j \"$x\" 2>/dev/null | while IFS= read -r d; do \"$3\" -d \"$d\"; done\n"
            + "  fi\n"
            + "  rm -f \"$x\"\n"
            + "done; }\n";

    private final Process process;
    private final OutputStream pipe;

    private StorageGuard(Process process) {
        this.process = process;
        this.pipe = process.getOutputStream();
    }

    /** Starts the guard; its complaints go to {@code log}. */
    static StorageGuard start(boolean loops, Path log) {
        List<String> argv = List.of(StorageHost.program("setsid").toString(), "sh", "-c", SCRIPT, "kbench-storage-guard",
                StorageHost.program("umount").toString(), StorageHost.program("mountpoint").toString(),
                loops ? StorageHost.program("losetup").toString() : "");
        try {
            return new StorageGuard(new ProcessBuilder(argv).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start());
        } catch (IOException e) {
            throw new RunFailedException("cluster.storage: cannot start the storage guard: " + e.getMessage(), e);
        }
    }

    /** The guard's pid, to tell it apart in tests and in ps. */
    long pid() {
        return process.pid();
    }

    /** Tells the guard about a mount point; call before mounting, so a death in between still unmounts it. */
    void mount(Path mountPoint) {
        send("mount " + mountPoint);
    }

    /** Tells the guard about an image file; call before creating it. */
    void image(Path image) {
        send("image " + image);
    }

    private synchronized void send(String line) {
        try {
            pipe.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            pipe.flush();
        } catch (IOException e) {
            throw new RunFailedException("cluster.storage: the storage guard is gone (" + e.getMessage()
                    + "); nothing would release the mounts if kbench died", e);
        }
    }

    /** Closes the pipe and waits up to {@link #RELEASE_SECONDS} for the guard to release everything; true when it did. */
    boolean release() {
        try {
            pipe.close();
        } catch (IOException ignored) {
            // The guard is gone already.
        }
        try {
            return process.waitFor(RELEASE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
