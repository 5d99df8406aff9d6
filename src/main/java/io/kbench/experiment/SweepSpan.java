package io.kbench.experiment;

import io.kbench.result.run.RunResult;
import java.time.Instant;

/**
 * When a sweep measured: from its first repetition to its last, whichever invocation ran them. A sweep resumed with
 * every repetition already completed (to judge its findings again, or after the last repetition of an interrupted
 * attempt) runs nothing; before this span its sweep.json said the resume started and ended within the second it took
 * to read the repetitions back, and the time the sweep measured was lost.
 */
final class SweepSpan {
    private Instant first;
    private Instant last;

    /** Counts one completed repetition, run by this invocation or an earlier one. */
    void add(RunResult repetition) {
        Instant s = repetition.startTime();
        Instant e = repetition.endTime();
        if (s != null && (first == null || s.isBefore(first))) {
            first = s;
        }
        if (e != null && (last == null || e.isAfter(last))) {
            last = e;
        }
    }

    /**
     * The sweep's start: its first repetition's, or this invocation's start when this invocation ran something and
     * started earlier (its cluster start and warm-up belong to the sweep).
     *
     * @param invocation when this invocation started
     * @param ran        whether this invocation ran any repetition or warm-up
     */
    Instant start(Instant invocation, RunsHere ran) {
        if (first == null) {
            return invocation;
        }
        return ran == RunsHere.SOME && invocation.isBefore(first) ? invocation : first;
    }

    /** The sweep's end: now when this invocation ran something, else its last repetition's end. */
    Instant end(Instant now, RunsHere ran) {
        return ran == RunsHere.SOME || last == null ? now : last;
    }

    /** Whether the invocation writing the sweep ran any repetition itself. */
    enum RunsHere {
        NONE, SOME;

        static RunsHere of(boolean any) {
            return any ? SOME : NONE;
        }
    }
}
