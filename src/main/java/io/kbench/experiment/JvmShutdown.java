package io.kbench.experiment;

/** Whether the JVM is shutting down (Ctrl-C, SIGTERM): then a step that failed was interrupted, not broken. */
final class JvmShutdown {
    private JvmShutdown() {
    }

    /** The JVM refuses new shutdown hooks once shutdown has begun; that refusal is the only portable signal. */
    static boolean inProgress() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
