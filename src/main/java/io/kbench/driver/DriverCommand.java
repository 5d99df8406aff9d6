package io.kbench.driver;

import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A driver's short commands (docs/drivers.md, "Process"): {@code version}, answered at once, without a slice. */
final class DriverCommand {
    private static final int MAX_VERSION_BYTES = 64 * 1024;
    private static final long TIMEOUT_SECONDS = 30;

    private DriverCommand() {
    }

    /** The first line {@code <driver> version} prints; a driver that fails or says nothing is a failed build. */
    static String versionLine(Path executable) {
        try {
            Process p = new ProcessBuilder(executable.toString(), "version").redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readNBytes(MAX_VERSION_BYTES), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new RunFailedException(executable + " version did not answer within " + TIMEOUT_SECONDS + " s");
            }
            String line = out.lines().findFirst().orElse("").strip();
            if (p.exitValue() != 0 || line.isEmpty()) {
                throw new RunFailedException(executable + " version exited " + p.exitValue() + " with "
                        + (line.isEmpty() ? "no output" : line));
            }
            return line;
        } catch (IOException e) {
            throw new RunFailedException(executable + " cannot be started: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException(executable + " version: interrupted", e);
        }
    }
}
