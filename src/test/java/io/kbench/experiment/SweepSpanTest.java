package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.experiment.SweepSpan.RunsHere;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A sweep's times are its repetitions': the kept runs s5-long (02:24:39 to 02:26:57) and s5-consumer (02:27:30 to
 * 02:29:37) stand for two repetitions an earlier attempt completed.
 */
class SweepSpanTest {
    private static final RunResult FIRST = ResultReader.read(Path.of("docs/studies/data/s5-long.json"), RunResult.class);
    private static final RunResult SECOND = ResultReader.read(Path.of("docs/studies/data/s5-consumer.json"), RunResult.class);
    private static final Instant LATER = SECOND.endTime().plusSeconds(3600);

    private static SweepSpan both() {
        SweepSpan span = new SweepSpan();
        span.add(SECOND);
        span.add(FIRST);
        return span;
    }

    @Test
    void aResumeThatRunsNothingKeepsWhenTheRepetitionsRan() {
        SweepSpan span = both();
        // Before the fix: start and end were the resume's own, a second apart, an hour after the measurement.
        assertThat(span.start(LATER, RunsHere.NONE)).isEqualTo(FIRST.startTime());
        assertThat(span.end(LATER.plusSeconds(1), RunsHere.NONE)).isEqualTo(SECOND.endTime());
        assertThat(span.end(LATER, RunsHere.NONE)).isAfter(span.start(LATER, RunsHere.NONE));
    }

    @Test
    void aResumeThatRunsSomethingSpansFromTheEarlierAttemptToNow() {
        SweepSpan span = both();
        assertThat(span.start(LATER, RunsHere.SOME)).isEqualTo(FIRST.startTime());
        assertThat(span.end(LATER.plusSeconds(60), RunsHere.SOME)).isEqualTo(LATER.plusSeconds(60));
    }

    @Test
    void aFreshSweepStartsWithItsInvocationWhichStartsItsClusterAndWarmUp() {
        SweepSpan span = both();
        Instant before = FIRST.startTime().minusSeconds(30);
        assertThat(span.start(before, RunsHere.SOME)).isEqualTo(before);
        SweepSpan none = new SweepSpan();
        assertThat(none.start(LATER, RunsHere.NONE)).isEqualTo(LATER);
        assertThat(none.end(LATER.plusSeconds(5), RunsHere.NONE)).isEqualTo(LATER.plusSeconds(5));
    }
}
