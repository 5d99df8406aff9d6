package io.kbench.measure;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.unit.Units;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The one-line live view of an interval, e.g. {@code 12.0s  prod 20,001 rec/s 19.5 MiB/s  pub p50 1.2 ms ... | limit disk}.
 */
public final class ProgressLine {
    private ProgressLine() {
    }

    /**
     * Which sides of the run the line shows.
     *
     * @param producers the run produces: show the prod part
     * @param consumers the run consumes: show the cons part in every interval, so a consumer stall shows as 0 rec/s
     * @param limit     what telemetry names as the current limiting resource (asked once per line); null when nothing is
     *                  sampled (telemetry off): no limit field
     */
    public record Columns(boolean producers, boolean consumers, Supplier<LimitingResource> limit) {
        public Columns(boolean producers, boolean consumers) {
            this(producers, consumers, null);
        }
    }

    /** Width of the limit field's value: the longest short name; the line keeps its width whatever it says. */
    static final int LIMIT_WIDTH = 12;

    public static String format(IntervalPoint p, Columns columns) {
        StringBuilder sb = new StringBuilder(160);
        sb.append(String.format(Locale.ROOT, "%7.1fs %-8s", p.endSec(), p.phase() == IntervalPhase.WARMUP ? "warm-up" : ""));
        if (columns.producers()) {
            sb.append(String.format(Locale.ROOT, " prod %,9.0f rec/s %7.2f MiB/s", p.producedRecordsPerSec(),
                    p.producedMebibytesPerSec()));
            appendLatency(sb, "pub", p.publishLatencyMicros());
        }
        if (columns.consumers()) {
            sb.append(String.format(Locale.ROOT, "%s cons %,9.0f rec/s %7.2f MiB/s", columns.producers() ? " |" : "",
                    p.consumedRecordsPerSec(), p.consumedMebibytesPerSec()));
            if (columns.producers()) {
                appendLatency(sb, "e2e", p.endToEndLatencyMicros());
            }
        }
        if (columns.limit() != null) {
            sb.append(" | limit ").append(limitField(columns.limit().get()));
        }
        if (p.sendDelayMicros().count() > 0 && p.sendDelayMicros().max() >= 1000) {
            sb.append(" | behind max ").append(millis(p.sendDelayMicros().max()));
        }
        if (p.produceErrors() > 0) {
            sb.append(" | errors ").append(p.produceErrors());
        }
        return sb.toString();
    }

    /** The limit field: a short name padded (or cut) to {@link #LIMIT_WIDTH}; {@code -} when nothing is named. */
    static String limitField(LimitingResource r) {
        String name = r == null ? "-" : switch (r) {
            case LOAD_GENERATOR_CPU -> "client CPU";
            case BROKER_CPU -> "broker CPU";
            case REQUEST_HANDLER_THREADS -> "req handlers";
            case NETWORK_THREADS -> "net threads";
            case DISK -> "disk";
            case REPLICATION -> "replication";
            case NONE_FOUND -> "-";
        };
        return String.format(Locale.ROOT, "%-" + LIMIT_WIDTH + "." + LIMIT_WIDTH + "s", name);
    }

    private static void appendLatency(StringBuilder sb, String label, LatencyStats s) {
        if (s.count() == 0) {
            sb.append(' ').append(label).append(" -");
            return;
        }
        sb.append(' ').append(label).append(" p50 ").append(millis(s.p50()))
                .append(" p99 ").append(millis(s.p99()))
                .append(" max ").append(millis(s.max()));
    }

    /** Microseconds shown as milliseconds with enough digits to be useful at both 0.2 ms and 2,000 ms. */
    public static String millis(double micros) {
        double ms = Units.millis(micros);
        if (ms < 10) {
            return String.format(Locale.ROOT, "%.2f ms", ms);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.1f ms", ms);
        }
        return String.format(Locale.ROOT, "%,.0f ms", ms);
    }
}
