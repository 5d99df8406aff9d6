package io.kbench.load.integrity;

import io.kbench.result.run.IntegritySettings;
import io.kbench.result.run.IntegrityVerdict;
import java.util.List;

/**
 * What Kafka promises for a run's settings, per anomaly: an anomaly the settings permit is "expected" (with the
 * reason), one they rule out is a "violation". The rules and their sources are in docs/integrity.md.
 */
public final class Guarantees {
    private final IntegritySettings s;

    public Guarantees(IntegritySettings settings) {
        this.s = settings;
    }

    /** A judgement: expected or violation, and why. */
    public record Judgement(IntegrityVerdict verdict, String reason) {
    }

    /**
     * Acknowledged records survive broker failures only when the acknowledgement waited for min.insync.replicas >= 2
     * replicas (acks=all) and no out-of-sync replica can become leader: Kafka's promise is that a committed record is
     * not lost while one in-sync replica remains. Looser settings lose records only through a failure (a leader that
     * dies or is replaced before a follower copies the record), so with acks >= 1 a loss is expected only when one of
     * {@code failures} happened during the run; with acks=0 an acknowledgement promises nothing at all.
     */
    public Judgement lost(List<String> failures) {
        if ("0".equals(s.acks())) {
            return expected("acks=0: the producer does not wait for the broker, an acknowledgement promises nothing");
        }
        String permits = permitsLoss();
        if (permits == null) {
            return violation("acks=all, min.insync.replicas=" + s.minInsyncReplicas() + ", replication factor "
                    + s.replicationFactor() + ", no unclean leader election: an acknowledged record must not be lost");
        }
        if (failures.isEmpty()) {
            return violation(permits + ", but only through a failure, and none happened during the run (no broker"
                    + " fault, no partition leader changed)");
        }
        return expected(permits + "; during the run: " + String.join(", ", failures));
    }

    /** Why the settings let an acknowledged record go when a broker fails, or null when they do not. */
    private String permitsLoss() {
        if ("1".equals(s.acks())) {
            return "acks=1: a record the leader acknowledged alone is lost if the leader fails before a follower "
                    + "copies it";
        }
        if (s.uncleanLeaderElection()) {
            return "unclean.leader.election.enable=true: an out-of-sync replica may become leader and truncate "
                    + "acknowledged records";
        }
        if (s.minInsyncReplicas() < 2 || s.replicationFactor() < 2) {
            return "acks=all with min.insync.replicas=" + s.minInsyncReplicas() + " and replication factor "
                    + s.replicationFactor() + ": a record may be acknowledged with one copy, which a single failure loses";
        }
        return null;
    }

    /** Without idempotence a retried send can be written twice; with it, the broker discards the retry. */
    public Judgement duplicated() {
        return s.idempotence()
                ? violation("enable.idempotence=true: the broker drops retried batches, no record may appear twice")
                : expected("enable.idempotence=false: a send retried after a lost response is written twice");
    }

    /**
     * Without idempotence, a retried batch can land behind a later one when more than one request is in flight;
     * with idempotence (or one request in flight) the order of a producer's records within a partition is kept.
     */
    public Judgement reordered() {
        if (!s.idempotence() && s.maxInFlight() > 1) {
            return expected("enable.idempotence=false with max.in.flight.requests.per.connection=" + s.maxInFlight()
                    + ": a retried batch can land behind a later one");
        }
        return violation((s.idempotence() ? "enable.idempotence=true" : "max.in.flight.requests.per.connection=1")
                + ": a producer's records keep their order within a partition");
    }

    /** No setting lets records appear that this run never wrote, or that Kafka said it did not write. */
    public Judgement unexpected() {
        return violation("records this run did not write, or that Kafka reported as not written: another writer on "
                + "the topic, or a broken guarantee");
    }

    private static Judgement expected(String reason) {
        return new Judgement(IntegrityVerdict.EXPECTED, reason);
    }

    private static Judgement violation(String reason) {
        return new Judgement(IntegrityVerdict.VIOLATION, reason);
    }
}
