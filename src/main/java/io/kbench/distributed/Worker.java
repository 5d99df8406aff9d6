package io.kbench.distributed;

import io.kbench.client.ClientProperties;
import io.kbench.client.TuningBounds;
import io.kbench.driver.DriverBuild;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * {@code kbench worker}: a long-lived process that waits on the control topic for a coordinator's plan, joins it,
 * runs its slice, reports, and waits for the next run. It only opens outbound connections to Kafka. One run at a
 * time; {@link #stop} (SIGTERM, Ctrl-C) ends the current slice and the loop. It takes only authenticated messages
 * ({@link Channel}), checks every workload it is given as the coordinator does ({@link Distributable}), uses only
 * the run's own group and transactional ids ({@link RunIds}), and no message, however malformed, ends it.
 */
public final class Worker {
    /** A worker that joined but was not given a slice within this goes back to waiting. */
    private static final Duration ASSIGN_TIMEOUT = Duration.ofSeconds(30);
    /** During a slice, this long without a word from the coordinator ends the slice: nothing waits forever. */
    static final Duration COORDINATOR_SILENCE = Duration.ofSeconds(15);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Map<String, String> dataConnection;
    private final Map<String, String> controlConnection;
    private final ControlAuth auth;
    private final String id;
    private final String version;
    private final PrintStream out;
    private volatile boolean stopped;
    private volatile SliceRun current;
    /** The clock estimate sent with the last join, used by the slice that follows it. */
    private ClockOffset joinedClock;
    /** The run joined and waiting for its assignment, or null; when it was joined. */
    private String joined;
    private long joinedAt;

    /**
     * @param dataConnection    client properties of the cluster under test (bootstrap servers, security)
     * @param controlConnection client properties of the cluster carrying the control topics (may be the same)
     * @param auth              how control messages are authenticated (the coordinator's key, or insecure)
     * @param id                this worker's name, or null for host-pid
     * @param version           the kbench version this worker announces
     */
    public Worker(Map<String, String> dataConnection, Map<String, String> controlConnection, ControlAuth auth, String id,
                  String version, PrintStream out) {
        this.dataConnection = Map.copyOf(dataConnection);
        this.controlConnection = Map.copyOf(controlConnection);
        this.auth = auth;
        this.id = id != null ? id : host() + "-" + ProcessHandle.current().pid();
        this.version = version;
        this.out = out;
    }

    public String id() {
        return id;
    }

    /** Ends the current slice (its result is still reported) and then {@link #serve}. Safe from any thread. */
    public void stop() {
        stopped = true;
        SliceRun slice = current;
        if (slice != null) {
            slice.stop("the worker process is shutting down (SIGTERM, Ctrl-C, or a local worker's coordinator gone)");
        }
    }

    /** Serves runs until {@link #stop}. */
    public void serve() {
        ControlTopics.ensure(new ClientProperties(controlConnection).admin());
        try (Channel channel = new Channel(controlConnection, ControlTopics.RESULTS, ControlTopics.CONTROL, auth, id, out)) {
            out.printf(Locale.ROOT, "worker %s: pid %d, kbench %s, waiting for a coordinator on %s; control messages %s%n",
                    id, ProcessHandle.current().pid(), version, controlConnection.get("bootstrap.servers"), auth.describe());
            out.flush();
            loop(channel);
            SliceRun slice = current;
            if (slice != null) {
                slice.awaitEnd(SliceRun.END_TIMEOUT);
            }
        }
    }

    private void loop(Channel channel) {
        while (!stopped) {
            for (Message m : channel.poll(POLL)) {
                try {
                    handle(channel, m);
                } catch (RuntimeException e) {
                    // An authenticated message this worker cannot act on: named, skipped; the worker goes on.
                    out.println("kbench: warning: worker " + id + " skipped " + m.getClass().getSimpleName().toLowerCase(Locale.ROOT)
                            + " of run " + m.runId() + ": " + ControlCodec.Text.line(String.valueOf(e.getMessage())));
                    out.flush();
                }
            }
            SliceRun slice = current;
            if (slice != null) {
                slice.checkCoordinator();
                if (slice.ended()) {
                    current = null;
                }
            }
            if (joined != null && System.nanoTime() - joinedAt > ASSIGN_TIMEOUT.toNanos()) {
                joined = null;
            }
        }
    }

    private void handle(Channel channel, Message m) {
        SliceRun slice = current;
        if (slice != null && slice.runId().equals(m.runId())) {
            slice.control(m);
        } else if (m instanceof Message.Plan p && slice == null && !p.runId().equals(joined)) {
            joined = join(channel, p);
            joinedAt = System.nanoTime();
        } else if (m instanceof Message.Assign a && a.runId().equals(joined)) {
            joined = null;
            a.slices().stream().filter(s -> s.workerId().equals(id)).findFirst().ifPresent(s -> assigned(channel, a, s));
        } else if (m instanceof Message.Stop s && s.runId().equals(joined)) {
            out.println("worker " + id + ": run " + s.runId() + " called off: " + ControlCodec.Text.line(s.reason()));
            joined = null;
        }
    }

    /**
     * Checks the workload, its ids and the slice as the coordinator would have, then starts the slice; or refuses it
     * and stays up for the next plan.
     */
    private void assigned(Channel channel, Message.Assign a, Message.Slice s) {
        try {
            Distributable.checkPlan(a.workload());
            RunIds.check(a);
            checkSlice(a, s);
            checkDrivers(DriverBuild.standard(), a.workload(), s);
        } catch (InvalidInputException e) {
            // The message names property names the plan's author chose: bounded to one line before it is printed.
            String why = ControlCodec.Text.line(e.getMessage());
            out.println("kbench: warning: worker " + id + " refused the assign of run " + a.runId() + ": " + why);
            out.flush();
            channel.send(new Message.Done(a.runId(), id, io.kbench.result.run.WorkerStatus.FAILED,
                    "worker " + id + " refused the workload: " + why, null, null));
            return;
        }
        current = SliceRun.start(a, s, id, joinedClock, channel, dataConnection, out);
    }

    /**
     * The slice's threads exist in the workload, and are no more than one host should run: a forged plan could give
     * one worker every thread of a workload that passed the coordinator's check for many workers.
     */
    static void checkSlice(Message.Assign a, Message.Slice s) {
        long producers = a.workload().producers().count();
        long consumers = a.workload().consumers().count();
        if ((long) s.producerFirst() + s.producerCount() > producers) {
            throw InvalidInputException.field("slices[].producerFirst+producerCount",
                    (long) s.producerFirst() + s.producerCount(), "must be <= producers.count (" + producers + ")");
        }
        if ((long) s.consumerFirst() + s.consumerCount() > Math.max(consumers, 0)) {
            throw InvalidInputException.field("slices[].consumerFirst+consumerCount",
                    (long) s.consumerFirst() + s.consumerCount(), "must be <= consumers.count (" + consumers + ")");
        }
        TuningBounds.checkSlice("slice " + s.index() + " (worker " + s.workerId() + ")", s.producerCount(),
                s.consumerCount(), a.workload().producers().properties(), "a distributed run");
    }

    /**
     * A side of this slice in a driver needs that driver built on this host beforehand ({@code kbench drivers build}):
     * building it now (a minute for franz-go, minutes for librdkafka) would outlast the coordinator's wait for the
     * slices, and a plan must not make a worker start a compiler.
     */
    static void checkDrivers(DriverBuild build, WorkloadSpec workload, Message.Slice s) {
        check(build, "producers.client", s.producerCount() > 0 ? workload.producers().client() : ClientKind.JAVA);
        check(build, "consumers.client", s.consumerCount() > 0 ? workload.consumers().client() : ClientKind.JAVA);
    }

    private static void check(DriverBuild build, String field, ClientKind client) {
        if (client.external() && build.built(client).isEmpty()) {
            throw InvalidInputException.field(field, client.text(), "its driver is not built on this worker's host: run"
                    + " 'kbench drivers build " + client.text() + "' there first");
        }
    }

    /** Answers a plan with this worker's version and clock; the coordinator decides whether it takes part. */
    private String join(Channel channel, Message.Plan plan) {
        ClockOffset clock = ClockOffset.estimate(() -> channel.probe(plan.runId()));
        joinedClock = clock;
        channel.send(new Message.Join(plan.runId(), id, host(), version, clock.offsetMicros(), clock.boundMicros()));
        out.printf(Locale.ROOT, "worker %s: joined run %s (coordinator kbench %s); clock offset %+.3f ms ± %.3f ms%n", id,
                plan.runId(), ControlCodec.Text.line(plan.kbenchVersion()), clock.offsetMicros() / 1000,
                clock.boundMicros() / 1000);
        out.flush();
        return plan.runId();
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-host";
        }
    }
}
