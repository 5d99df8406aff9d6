package io.kbench.measure;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.unit.FigureText;
import java.util.Locale;
import java.util.function.Function;

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
     * @param limit     what the diagnosis's rules name as the limiting resource on the samples so far, given the line's
     *                  phase (asked once per line); null when nothing is sampled (telemetry off): no limit field
     */
    public record Columns(boolean producers, boolean consumers, Function<IntervalPhase, LimitingResource> limit) {
        public Columns(boolean producers, boolean consumers) {
            this(producers, consumers, null);
        }
    }

    /** The longest line this class prints in the usual cases: a line must fit a 120-column terminal. */
    static final int TYPICAL_MAX_WIDTH = 120;

    /**
     * One line, at most {@link #TYPICAL_MAX_WIDTH} characters in the usual cases, without trailing spaces. A run with
     * both sides shows rates and p50/p99 (MiB/s and max are in the summary); a run with one side also shows MiB/s and
     * max. "behind" (the interval's largest send delay, when at least 1 ms) comes before the limit, which ends the line.
     */
    public static String format(IntervalPoint p, Columns columns) {
        boolean both = columns.producers() && columns.consumers();
        StringBuilder sb = new StringBuilder(TYPICAL_MAX_WIDTH);
        // Only warm-up lines carry a tag: measured lines (the ones read) keep the width for the figures.
        sb.append(String.format(Locale.ROOT, "%6.1fs", p.endSec()));
        if (p.phase() == IntervalPhase.WARMUP) {
            sb.append(" warm-up");
        }
        if (columns.producers()) {
            appendSide(sb, "prod", p.producedRecordsPerSec(), p.producedMebibytesPerSec(), both);
            appendLatency(sb, "pub", p.publishLatencyMicros(), !both);
        }
        if (columns.consumers()) {
            if (columns.producers()) {
                sb.append(" |");
            }
            appendSide(sb, "cons", p.consumedRecordsPerSec(), p.consumedMebibytesPerSec(), both);
            if (columns.producers()) {
                appendLatency(sb, "e2e", p.endToEndLatencyMicros(), !both);
            }
        }
        if (p.sendDelayMicros().count() > 0 && p.sendDelayMicros().max() >= 1000) {
            sb.append(" | behind ").append(millis(p.sendDelayMicros().max()));
        }
        if (p.produceErrors() > 0) {
            sb.append(" | errors ").append(p.produceErrors());
        }
        if (columns.limit() != null) {
            sb.append(" | limit ").append(limitField(columns.limit().apply(p.phase())));
        }
        return sb.toString();
    }

    private static void appendSide(StringBuilder sb, String label, double recordsPerSec, double mibPerSec, boolean both) {
        sb.append(String.format(Locale.ROOT, " %s %,6.0f rec/s", label, recordsPerSec));
        if (!both) {
            sb.append(String.format(Locale.ROOT, " %7.2f MiB/s", mibPerSec));
        }
    }

    /** The limit field: the short name the diagnosis gives; {@code -} when nothing is named. */
    static String limitField(LimitingResource r) {
        return r == null ? "-" : switch (r) {
            case LOAD_GENERATOR_CPU -> "client CPU";
            case BROKER_CPU -> "broker CPU";
            case REQUEST_HANDLER_THREADS -> "req handlers";
            case NETWORK_THREADS -> "net threads";
            case DISK -> "disk";
            case REPLICATION -> "replication";
            case NONE_FOUND -> "-";
        };
    }

    /** p50 and p99 (and max when {@code withMax}), the unit once at the end: {@code pub p50 1.20 p99 3.40 max 5.00 ms}. */
    private static void appendLatency(StringBuilder sb, String label, LatencyStats s, boolean withMax) {
        if (s.count() == 0) {
            sb.append(' ').append(label).append(" -");
            return;
        }
        sb.append(' ').append(label).append(" p50 ").append(number(s.p50())).append(" p99 ").append(number(s.p99()));
        if (withMax) {
            sb.append(" max ").append(number(s.max()));
        }
        sb.append(" ms");
    }

    /** {@link #millis} without the unit. */
    private static String number(double micros) {
        String m = millis(micros);
        return m.substring(0, m.length() - 3);
    }

    /** Microseconds shown as milliseconds by the console's one rule ({@link FigureText}): 0.21 ms, 18.4 ms, 2,394 ms. */
    public static String millis(double micros) {
        return FigureText.fromMicros(micros);
    }
}
