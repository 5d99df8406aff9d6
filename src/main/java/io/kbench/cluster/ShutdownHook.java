package io.kbench.cluster;

/** A JVM shutdown hook that stops brokers on Ctrl-C or a normal exit of kbench, and can be taken back. */
final class ShutdownHook {
    private final Thread thread;

    private ShutdownHook(Thread thread) {
        this.thread = thread;
    }

    /** Registers {@code action} to run when the JVM shuts down. */
    static ShutdownHook install(Runnable action) {
        Thread thread = new Thread(action, "kbench-cluster-shutdown");
        Runtime.getRuntime().addShutdownHook(thread);
        return new ShutdownHook(thread);
    }

    /** Unregisters the hook; nothing when called from the hook itself or while the JVM already shuts down. */
    void remove() {
        if (Thread.currentThread() == thread) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running or about to; it will find the cluster closed.
        }
    }
}
