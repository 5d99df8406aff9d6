package io.kbench.cli;

import io.kbench.distributed.ControlAuth;
import io.kbench.distributed.ControlKey;
import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How a coordinator and its workers authenticate control messages (docs/distributed.md, docs/security.md). */
public final class ControlKeyOptions {
    @Option(names = "--control-key-file", paramLabel = "FILE",
            description = "Shared key (32-1024 characters, e.g. 'openssl rand -hex 32') that authenticates every control"
                    + " message (HMAC-SHA256); coordinator and workers need the same one.")
    Path keyFile;

    @Option(names = "--control-key-env", paramLabel = "VAR",
            description = "As --control-key-file, from the environment variable VAR.")
    String keyEnv;

    @Option(names = "--insecure-control",
            description = "Control messages without authentication: anyone who can write to the control topics commands"
                    + " the workers. For a lab only.")
    boolean insecure;

    boolean any() {
        return keyFile != null || keyEnv != null || insecure;
    }

    /**
     * The authentication these flags ask for. {@code generated}: what to use when none is given (a fresh key for local
     * workers), or null when a key is required.
     */
    ControlAuth auth(ControlAuth generated, String who) {
        if (keyFile != null && keyEnv != null) {
            throw new InvalidInputException("--control-key-file conflicts with --control-key-env: give one");
        }
        if (insecure && (keyFile != null || keyEnv != null)) {
            throw new InvalidInputException("--insecure-control conflicts with --control-key-file/--control-key-env");
        }
        if (keyFile != null) {
            return ControlAuth.of(ControlKey.fromFile(keyFile, "--control-key-file"));
        }
        if (keyEnv != null) {
            return ControlAuth.of(ControlKey.fromEnv(keyEnv, "--control-key-env"));
        }
        if (insecure) {
            return ControlAuth.insecure();
        }
        if (generated != null) {
            return generated;
        }
        throw new InvalidInputException(who + " needs --control-key-file FILE (or --control-key-env VAR): the key that"
                + " authenticates control messages, the same on the coordinator and every worker; or --insecure-control"
                + " for a lab whose control topics nobody else can write to (docs/security.md)");
    }
}
