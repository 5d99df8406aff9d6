package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.Diagnosis;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.Telemetry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What limited a run: a pure function of its intervals, telemetry and CPU capacity. Each rule judges one resource
 * against a stated threshold (docs/diagnosis.md) and is only ever "limited" on figures it has; when several are, the
 * first in {@link #RULES}' order is named, because it is the likelier cause of the others (a saturated load generator
 * makes broker figures moot; a slow disk keeps request handlers busy; a saturated CPU starves every thread pool).
 */
public final class Diagnoser {
    private static final List<Rule> RULES = List.of(new LoadGeneratorRule(), new LogFlushRule(), new DiskRule(),
            new BrokerCpuRule(),
            ThreadPoolRule.requestHandlers(), ThreadPoolRule.networkThreads(), new ReplicationRule());
    /** How many figures of resources found clear are quoted after the verdict, as context. */
    private static final int CONTEXT = 2;

    private Diagnoser() {
    }

    /** The diagnosis of a written run (its telemetry, intervals and machine); empty when it has no telemetry. */
    public static Optional<Diagnosis> diagnose(RunResult run) {
        if (run.telemetry() == null || run.intervals() == null) {
            return Optional.empty();
        }
        int cores = run.environment() == null ? 1 : Math.max(1, run.environment().cores());
        boolean embedded = run.cluster() != null && "embedded".equals(run.cluster().mode());
        // Drivers of workers on other hosts spent other machines' CPU (as SingleRun judges the run it made).
        boolean remoteWorkers = run.distributed() != null && !run.distributed().localWorkers();
        return Optional.of(diagnose(run.intervals(), run.telemetry(), embedded ? Cores.embedded(cores) : Cores.external(cores),
                remoteWorkers ? List.of() : DriverCpu.of(run.loadCpu(), run.summary())));
    }

    /**
     * {@code telemetry} with its diagnosis set, for the run that sampled it: null stays null (telemetry off).
     *
     * @param cores       the CPU the rules judge against: this machine's cores, whether the brokers share them (an
     *                    embedded cluster) and each broker's cluster.limits CPU
     * @param metSchedule true: the run met its schedule, so the diagnosis names the busiest resource rather than a
     *                    limit; false: it fell short; null: no schedule (unlimited rate)
     */
    public static Telemetry attach(Telemetry telemetry, List<IntervalPoint> intervals, Cores cores, Boolean metSchedule) {
        return attach(telemetry, intervals, cores, metSchedule, List.of());
    }

    /** As {@link #attach(Telemetry, List, Cores, Boolean)}, with the driver processes that ran a side of the run. */
    public static Telemetry attach(Telemetry telemetry, List<IntervalPoint> intervals, Cores cores, Boolean metSchedule,
                                   List<DriverCpu> drivers) {
        if (telemetry == null) {
            return null;
        }
        return telemetry.withDiagnosis(diagnose(intervals, telemetry, cores, drivers).withMetSchedule(metSchedule));
    }

    /** The diagnosis of these intervals and telemetry. */
    public static Diagnosis diagnose(List<IntervalPoint> intervals, Telemetry telemetry, Cores cores) {
        return diagnose(intervals, telemetry, cores, List.of());
    }

    /**
     * The diagnosis of these intervals and telemetry; {@code drivers}: the driver processes that ran a side (their CPU
     * is the load generator's too).
     */
    public static Diagnosis diagnose(List<IntervalPoint> intervals, Telemetry telemetry, Cores cores,
                                     List<DriverCpu> drivers) {
        Objects.requireNonNull(intervals, "intervals");
        Objects.requireNonNull(telemetry, "telemetry");
        Objects.requireNonNull(cores, "cores");
        RunEvidence e = new RunEvidence(intervals, telemetry, cores, drivers);
        if (e.measured().length == 0) {
            return new Diagnosis(LimitingResource.NONE_FOUND, "could not be judged: no measured intervals", List.of(),
                    List.of(), null, null);
        }
        List<Judgement> judgements = RULES.stream().map(r -> r.judge(e)).toList();
        String evidence = evidence(judgements);
        // Where the time went comes first: it is what the verdict is about.
        String headline = e.anatomy() == null ? null : e.anatomy().headline();
        return new Diagnosis(limitedBy(judgements), headline == null ? evidence : headline + "; " + evidence,
                figures(judgements), Spikes.find(e), Spikes.method(e), null);
    }

    /**
     * Every rule's figures, each key once: rules share evidence (the load generator and broker CPU rules both quote
     * host CPU busy; the send delay and thread pool rules both quote the least idle broker), and the same figure
     * twice would read as two measurements.
     */
    private static List<Figure> figures(List<Judgement> judgements) {
        Map<String, Figure> byKey = new LinkedHashMap<>();
        judgements.stream().flatMap(j -> j.figures().stream()).forEach(f -> byKey.putIfAbsent(f.key(), f));
        return List.copyOf(byKey.values());
    }

    private static LimitingResource limitedBy(List<Judgement> judgements) {
        List<Judgement> limited = of(judgements, Judgement.Verdict.LIMITED);
        return limited.isEmpty() ? LimitingResource.NONE_FOUND : limited.get(0).resource();
    }

    private static String evidence(List<Judgement> judgements) {
        List<Judgement> limited = of(judgements, Judgement.Verdict.LIMITED);
        List<Judgement> clear = of(judgements, Judgement.Verdict.CLEAR);
        List<Judgement> notJudged = of(judgements, Judgement.Verdict.NOT_JUDGED);
        if (limited.isEmpty() && clear.isEmpty()) {
            return "could not be judged: no broker, host or load generator series";
        }
        List<String> parts = new ArrayList<>();
        if (!limited.isEmpty()) {
            parts.add(limited.get(0).text());
            clear.stream().limit(CONTEXT).forEach(j -> parts.add(j.text()));
            if (limited.size() > 1) {
                String also = limited.stream().skip(1).map(j -> j.resource()).filter(r -> r != limited.get(0).resource())
                        .distinct().map(LimitingResource::label).collect(Collectors.joining(", "));
                if (!also.isEmpty()) {
                    parts.add("also " + also);
                }
            }
        } else {
            clear.forEach(j -> parts.add(j.text()));
            // Two rules read the disk (its own figures, the log flush in the anatomy): judged by either is judged.
            List<String> unjudged = notJudged.stream().map(Judgement::resource)
                    .filter(r -> clear.stream().noneMatch(j -> j.resource() == r)).distinct()
                    .map(LimitingResource::label).toList();
            if (!unjudged.isEmpty()) {
                parts.add("not judged: " + String.join(", ", unjudged));
            }
        }
        return String.join("; ", parts);
    }

    /**
     * The judgements with this verdict in rule order; for LIMITED, those limited on their own figures come before those
     * only inferred from a busy shared machine: a starved thread pool is measured at the broker, while "the host is busy
     * and the load generator uses more of it than the brokers" is an inference that a broker held back by one request
     * handler thread (at most one core) cannot escape on a small machine.
     */
    private static List<Judgement> of(List<Judgement> judgements, Judgement.Verdict verdict) {
        return judgements.stream().filter(j -> j.verdict() == verdict)
                .sorted(Comparator.comparing(Judgement::inferred)).toList();
    }
}
