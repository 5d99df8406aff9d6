package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.time.Duration;

/**
 * How share consumers ({@code consumers.mode: share}, KIP-932) treat the records they are given.
 *
 * @param acknowledgement    implicit (everything delivered is accepted) or explicit (by the fractions below)
 * @param accept             explicit only: fraction of deliveries acknowledged ACCEPT
 * @param release            explicit only: fraction acknowledged RELEASE (delivered again, up to the delivery limit)
 * @param reject             explicit only: fraction acknowledged REJECT (archived, never delivered again)
 * @param processingTime     time each record takes to "process" before it is acknowledged; long enough, it makes
 *                           acquisition locks expire and records be delivered again. Absent: none
 * @param deliveryCountLimit the share group's {@code share.delivery.count.limit} (kbench sets it on the group);
 *                           absent: the broker's {@code group.share.delivery.count.limit}
 * @param lockDuration       the share group's {@code share.record.lock.duration.ms}; absent: the broker's
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ShareSpec(ShareAcknowledgement acknowledgement, Double accept, Double release, Double reject,
                        Duration processingTime, Integer deliveryCountLimit, Duration lockDuration) {
    /** Kafka's own bounds of share.delivery.count.limit (group.share.min/max.delivery.count.limit defaults). */
    static final int MIN_DELIVERY_COUNT_LIMIT = 2;
    static final int MAX_DELIVERY_COUNT_LIMIT = 10;

    public ShareSpec {
        acknowledgement = acknowledgement == null ? ShareAcknowledgement.IMPLICIT : acknowledgement;
        boolean fractions = accept != null || release != null || reject != null;
        if (fractions && acknowledgement == ShareAcknowledgement.IMPLICIT) {
            throw InvalidInputException.field("consumers.share." + firstGiven(accept, release), fractionGiven(accept, release, reject),
                    "only applies to acknowledgement explicit (implicit accepts every record)");
        }
        if (acknowledgement == ShareAcknowledgement.EXPLICIT) {
            accept = fraction("accept", accept == null && release == null && reject == null ? 1.0 : accept);
            release = fraction("release", release);
            reject = fraction("reject", reject);
            double sum = accept + release + reject;
            if (Math.abs(sum - 1.0) > 1e-9) {
                throw InvalidInputException.field("consumers.share.accept", accept,
                        "accept + release + reject must be 1 (got " + sum + ")");
            }
            if (accept == 0 && reject == 0) {
                throw InvalidInputException.field("consumers.share.release", release,
                        "must be below 1: releasing every record only ever archives it at the delivery limit");
            }
        }
        if (processingTime != null && !processingTime.isZero()) {
            Checks.positive("consumers.share.processingTime", processingTime);
        }
        if (deliveryCountLimit != null) {
            Checks.between("consumers.share.deliveryCountLimit", deliveryCountLimit, MIN_DELIVERY_COUNT_LIMIT,
                    MAX_DELIVERY_COUNT_LIMIT);
        }
        if (lockDuration != null) {
            Checks.positive("consumers.share.lockDuration", lockDuration);
            if (lockDuration.toMillis() < 1000) {
                throw InvalidInputException.field("consumers.share.lockDuration", lockDuration.toMillis() + "ms",
                        "must be >= 1s");
            }
        }
    }

    public static ShareSpec defaults() {
        return new ShareSpec(null, null, null, null, null, null, null);
    }

    /** Whether kbench acknowledges each record itself. */
    public boolean explicit() {
        return acknowledgement == ShareAcknowledgement.EXPLICIT;
    }

    /** The processing time per record in nanoseconds, 0 for none. */
    public long processingNanos() {
        return processingTime == null ? 0 : processingTime.toNanos();
    }

    private static double fraction(String name, Double value) {
        double v = value == null ? 0 : value;
        if (!(v >= 0 && v <= 1)) {
            throw InvalidInputException.field("consumers.share." + name, value, "must be a fraction in [0, 1]");
        }
        return v;
    }

    private static String firstGiven(Double accept, Double release) {
        return accept != null ? "accept" : release != null ? "release" : "reject";
    }

    private static Double fractionGiven(Double accept, Double release, Double reject) {
        return accept != null ? accept : release != null ? release : reject;
    }
}
