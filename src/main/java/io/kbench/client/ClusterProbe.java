package io.kbench.client;

import io.kbench.error.RunFailedException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.KafkaException;

/**
 * Asks an existing cluster for its id before anything else happens, so a wrong address or refused credentials fail in
 * seconds with one line, not after the run header and the first admin call's long timeout.
 */
public final class ClusterProbe {
    /**
     * System property with the seconds an existing cluster has to answer (1-300; anything else: the default 8). For
     * the unit tests, which check an address that never answers and need not wait 8 s for it four times over.
     */
    static final String TIMEOUT_PROPERTY = "kbench.probe.timeoutSeconds";
    /** How long an existing cluster has to answer. */
    public static final Duration TIMEOUT = timeout(System.getProperty(TIMEOUT_PROPERTY));

    private ClusterProbe() {
    }

    static Duration timeout(String seconds) {
        try {
            long s = seconds == null ? 8 : Long.parseLong(seconds.strip());
            return Duration.ofSeconds(s >= 1 && s <= 300 ? s : 8);
        } catch (NumberFormatException e) {
            return Duration.ofSeconds(8);
        }
    }

    /**
     * Starts {@link #reachable} on its own thread, so that the run's own checks (client configs, payload file) go on
     * while the probe waits for the cluster; {@link Pending#await} then returns or throws as {@link #reachable} does.
     */
    public static Pending start(Map<String, String> connection) {
        CompletableFuture<Void> outcome = new CompletableFuture<>();
        Thread probe = new Thread(() -> {
            try {
                reachable(connection);
                outcome.complete(null);
            } catch (RuntimeException | Error e) {
                outcome.completeExceptionally(e);
            }
        }, "kbench-probe");
        probe.setDaemon(true); // a run that fails its own checks first exits without waiting for the probe
        probe.start();
        return new Pending(outcome, connection.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG));
    }

    /** A probe under way; {@link #NONE} when there is nothing to probe (kbench starts the cluster itself). */
    public static final class Pending {
        public static final Pending NONE = new Pending(CompletableFuture.completedFuture(null), null);

        private final CompletableFuture<Void> outcome;
        private final String bootstrap;

        private Pending(CompletableFuture<Void> outcome, String bootstrap) {
            this.outcome = outcome;
            this.bootstrap = bootstrap;
        }

        /** Returns once the cluster answered; throws what {@link #reachable} threw (it is bounded by its timeout). */
        public void await() {
            try {
                outcome.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new RunFailedException("cannot connect to Kafka at " + bootstrap + ": " + rootMessage(e.getCause()), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("interrupted while connecting to Kafka at " + bootstrap, e);
            }
        }
    }

    /** Returns when the cluster behind {@code connection}'s bootstrap.servers answers; throws (exit 1) when not. */
    public static void reachable(Map<String, String> connection) {
        String bootstrap = connection.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        Map<String, Object> props = new HashMap<>(connection);
        String ms = Long.toString(TIMEOUT.toMillis());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-probe");
        Admin admin;
        try {
            admin = Admin.create(props);
        } catch (KafkaException e) {
            throw new RunFailedException("cannot reach Kafka at " + bootstrap + ": " + rootMessage(e), e);
        }
        try {
            admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) TIMEOUT.toMillis())).clusterId()
                    .get(TIMEOUT.toMillis() + 2_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) { // not java.util.concurrent's
                throw unreachable(bootstrap);
            }
            throw new RunFailedException("cannot connect to Kafka at " + bootstrap + ": " + rootMessage(e.getCause()), e);
        } catch (TimeoutException e) {
            throw unreachable(bootstrap);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while connecting to Kafka at " + bootstrap, e);
        } finally {
            admin.close(Duration.ZERO);
        }
    }

    private static RunFailedException unreachable(String bootstrap) {
        return new RunFailedException("cannot reach Kafka at " + bootstrap + " (no answer within "
                + TIMEOUT.toSeconds() + " s)");
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
        return m.lines().findFirst().orElse(m);
    }
}
