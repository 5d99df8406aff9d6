package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A backlog phase inside a live run (consumers.pause; docs/backlog.md): the consumers paused while producers built a
 * backlog, then resumed and caught up. Times are seconds from the first measured send. Absent without consumers.pause.
 *
 * @param condition      what ended the pause, as configured: {@code size 50MiB} or {@code age 10s}
 * @param resumedBy      condition (it was met) or producers-ended (the producers ended first)
 * @param backlogRecords records waiting when the consumers resumed (acknowledged minus consumed)
 * @param backlogMiB     the same in MiB: records times the mean value size sent (MiB = 1,048,576 bytes)
 * @param drainSec       from the resume until the consumer lag was back at its pre-pause level; absent when it never was
 * @param drainLagRecords the pre-pause level: the highest lag sampled (every 10 ms) before the pause, records
 * @param catchUpRecordsPerSec records consumed per second from the resume to the drain (or the end)
 * @param catchUpMiBPerSec     the same in MiB/s
 * @param phases         before, building, catch-up and after, those the run reached
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BacklogPhases(String condition, Resumed resumedBy, Long backlogRecords, Double backlogMiB, Double drainSec,
                            long drainLagRecords, Double catchUpRecordsPerSec, Double catchUpMiBPerSec,
                            List<Phase> phases) {
    public BacklogPhases {
        Objects.requireNonNull(condition, "condition");
        phases = phases == null ? List.of() : List.copyOf(phases);
    }

    /** Why the consumers resumed. */
    public enum Resumed {
        @JsonProperty("condition") CONDITION,
        @JsonProperty("producers-ended") PRODUCERS_ENDED
    }

    /** The phases of a backlog run, in order. */
    public enum Name {
        @JsonProperty("before") BEFORE,
        @JsonProperty("building") BUILDING,
        @JsonProperty("catch-up") CATCH_UP,
        @JsonProperty("after") AFTER;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One phase.
     *
     * @param name                  before (until the pause), building (paused), catch-up (resume to drain), after
     * @param startSec              its start, s from the first measured send
     * @param endSec                its end, s
     * @param consumedRecordsPerSec records consumed per second in it
     * @param consumedMiBPerSec     the same in MiB/s
     * @param publish               publish latency (µs, from the intended send time) of the measured records whose
     *                              intended send time falls in it; absent when none was acknowledged
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phase(Name name, double startSec, double endSec, double consumedRecordsPerSec,
                        double consumedMiBPerSec, LatencyStats publish) {
        public Phase {
            Objects.requireNonNull(name, "name");
        }
    }

    /** The terminal lines, after the summary. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        if (backlogRecords == null) {
            lines.add("backlog: the consumers never resumed (" + condition + ")");
        } else {
            lines.add(String.format(Locale.ROOT, "backlog: %,d records (%.1f MiB) waiting at the resume (%s), %s",
                    backlogRecords, backlogMiB, resumedBy == Resumed.CONDITION ? condition : "the producers ended first",
                    drainSec == null ? "not drained by the end of the run"
                            : String.format(Locale.ROOT, "drained in %.1f s (lag back to <= %,d records)", drainSec,
                            drainLagRecords)));
            lines.add(String.format(Locale.ROOT, "backlog: catch-up read %,.0f records/s (%.1f MiB/s)",
                    catchUpRecordsPerSec, catchUpMiBPerSec));
        }
        lines.add(String.format(Locale.ROOT, "  %-9s %7s %7s %14s %15s %13s", "phase", "from s", "to s",
                "consumed rec/s", "publish p50 ms", "pub p99 ms"));
        for (Phase p : phases) {
            lines.add(String.format(Locale.ROOT, "  %-9s %7.1f %7.1f %,14.0f %15s %13s", p.name().label(), p.startSec(),
                    p.endSec(), p.consumedRecordsPerSec(), ms(p.publish() == null ? null : p.publish().p50()),
                    ms(p.publish() == null ? null : p.publish().p99())));
        }
        return lines;
    }

    private static String ms(Long micros) {
        return micros == null ? "-" : String.format(Locale.ROOT, "%,.1f", micros / 1000.0);
    }
}
