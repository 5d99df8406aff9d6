package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PacerTest {
    private static final long START = 1_000_000_000L;

    @Test
    void waitsUntilEachIntendedTimeByAdvancingTheFakeClock() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, clock);
        RateSchedule schedule = new RateSchedule(1000, START, 0); // one record per ms
        for (long i = 0; i < 100; i++) {
            long due = schedule.intendedSendNanos(i);
            long woke = pacer.awaitUntil(due);
            assertThat(woke).isGreaterThanOrEqualTo(due);
            // parks for exactly the time left (a real park then overshoots by the timer's slack)
            assertThat(woke - due).isLessThan(2 * FakeClock.TICK);
            assertThat(clock.now).isEqualTo(woke + FakeClock.TICK);
        }
        assertThat(clock.sleeps).isNotEmpty().allSatisfy(n -> assertThat(n).isPositive());
    }

    @Test
    void neverSpinsEveryWaitIsAParkEvenAShortOne() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, clock);
        RateSchedule schedule = new RateSchedule(200_000, START, 0); // one record per 5 us: shorter than any park
        for (long i = 1; i < 1000; i++) {
            pacer.awaitUntil(schedule.intendedSendNanos(i));
        }
        // a spinning pacer would read the clock hundreds of times per wait; this one reads it around each park
        long clockReads = (clock.now - START - clock.sleeps.stream().mapToLong(Long::longValue).sum()) / FakeClock.TICK;
        assertThat(clockReads).isLessThanOrEqualTo(2L * 999 + clock.sleeps.size());
    }

    @Test
    void returnsImmediatelyWithoutSleepingWhenAlreadyDue() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, clock);
        assertThat(pacer.awaitUntil(START)).isEqualTo(START);
        assertThat(pacer.awaitUntil(START - 5_000)).isEqualTo(START + FakeClock.TICK);
        assertThat(clock.sleeps).isEmpty();
    }

    @Test
    void afterAStallRecordsAreDueInThePastAndLatencyFromIntendedTimeIncludesTheStall() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, clock);
        RateSchedule schedule = new RateSchedule(1000, START, 0); // 1 ms period
        long serviceNanos = 100_000; // each send takes 100 us when healthy

        List<Long> fromIntended = new ArrayList<>();
        List<Long> fromActual = new ArrayList<>();
        long stallNanos = 50_000_000; // 50 ms stall while sending record 10
        for (long i = 0; i < 100; i++) {
            long intended = schedule.intendedSendNanos(i);
            int sleepsBefore = clock.sleeps.size();
            long actual = pacer.awaitUntil(intended);
            // a park ends one clock tick after the intended time; a record due in the past is later than that
            if (i > 10 && actual - intended > FakeClock.TICK) {
                // due in the past: no sleeping at all, the send happens at once
                assertThat(clock.sleeps).hasSize(sleepsBefore);
                assertThat(actual).isEqualTo(clock.now - FakeClock.TICK);
            }
            clock.advance(i == 10 ? stallNanos : serviceNanos);
            long done = clock.now;
            fromIntended.add(done - intended);
            fromActual.add(done - actual);
        }

        // The 50 records scheduled during the stall were all late and sent back to back.
        long lateAfterStall = LongStream.range(11, 100)
                .filter(i -> schedule.intendedSendNanos(i) < START + 10 * 1_000_000L + stallNanos).count();
        assertThat(lateAfterStall).isGreaterThanOrEqualTo(49);

        // Latency from the intended time charges the stall to every delayed record (coordinated omission handled)...
        assertThat(fromIntended.get(10)).isBetween(stallNanos, stallNanos + 100_000L);
        assertThat(fromIntended.get(11)).isGreaterThan(stallNanos - 2_000_000L);
        assertThat(fromIntended.get(30)).isGreaterThan(20_000_000L);
        long slowFromIntended = fromIntended.stream().filter(l -> l >= 10_000_000L).count();
        assertThat(slowFromIntended).isGreaterThan(40);

        // ...while latency from the actual send time would hide it in a single sample.
        long slowFromActual = fromActual.stream().filter(l -> l >= 10_000_000L).count();
        assertThat(slowFromActual).isEqualTo(1);

        // The schedule catches up: the last records are on time again.
        assertThat(fromIntended.get(99)).isBetween(serviceNanos, serviceNanos + 100_000L);
    }

    @Test
    void aLongWaitParksInSlicesAndCancelEndsItEarly() {
        FakeClock clock = new FakeClock(START);
        // Cancels once the wait has parked for about 200 ms, as a stop request from another thread would.
        Pacer pacer = new Pacer(clock, nanos -> {
            clock.sleepNanos(nanos);
            if (clock.now - START > 200_000_000L) {
                cancelLater.run();
            }
        });
        cancelLater = pacer::cancel;
        long due = START + 2_000_000_000L; // 2 s ahead: a rate of 0.5 records/s
        long woke = pacer.awaitUntil(due);

        assertThat(woke).as("returned early, before the intended time").isLessThan(due);
        assertThat(woke - START).isBetween(200_000_000L, 300_000_000L);
        assertThat(clock.sleeps).hasSizeGreaterThan(1).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(50_000_000L));
        assertThat(pacer.awaitUntil(clock.now + 1_000_000_000L)).as("stays cancelled").isLessThan(clock.now);
    }

    private Runnable cancelLater = () -> { };

    /** Failed before the change: at 5,000 records/s the producer woke once per record (1,000 parks for 1,000). */
    @Test
    void withAMinimumParkOneWakeUpServesEveryRecordDueByThen() {
        FakeClock clock = new FakeClock(START);
        Pacer pacer = new Pacer(clock, clock, Pacer.WAKE_UP_NANOS);
        RateSchedule schedule = new RateSchedule(5_000, START, 0); // one record per 200 us
        for (long i = 1; i <= 1000; i++) {
            long due = schedule.intendedSendNanos(i);
            long woke = pacer.awaitUntil(due);
            assertThat(woke).isGreaterThanOrEqualTo(due);
            // late by at most the minimum park (and the fake clock's reads)
            assertThat(woke - due).isLessThan(Pacer.WAKE_UP_NANOS + 3 * FakeClock.TICK);
        }
        // 200 ms of schedule in parks of at least 1 ms: about 200 wake-ups, not 1,000
        assertThat(clock.sleeps).hasSizeBetween(150, 205)
                .allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(Pacer.WAKE_UP_NANOS));
    }
}
