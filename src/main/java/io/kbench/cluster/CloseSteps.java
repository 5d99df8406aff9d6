package io.kbench.cluster;

/**
 * Closing something made of parts (brokers, proxies, mounts, temp data): every step runs whatever an earlier one
 * threw, and the first failure is thrown once all have run, later ones attached to it as suppressed.
 */
final class CloseSteps {
    private RuntimeException failed;

    /** Runs {@code step}, keeping its failure for {@link #done}. */
    void run(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            if (failed == null) {
                failed = e;
            } else {
                failed.addSuppressed(e);
            }
        }
    }

    /** Throws the first failure of the steps run, if any. */
    void done() {
        if (failed != null) {
            throw failed;
        }
    }
}
