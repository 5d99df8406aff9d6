package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.RunFailedException;
import io.kbench.spec.ClientKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The supervisor against a real process: a driver of contract v1 in a few lines of bash whose slice's runId picks how
 * it misbehaves (the real franz-go driver's happy path is DriverProcessIT). Every case ends with no process left.
 */
class DriverProcessTest {
    /**
     * Reads the slice, says ready with a CLOCK_MONOTONIC reading (perl's; in mode wallclock the one the test put in the
     * runId, {@code mode.nanos}), then behaves as the mode says. Only bash builtins after the start, so no child outlives it;
     * stubborn ignores SIGTERM, waiting on a FIFO.
     */
    private static final String SCRIPT = """
            #!/usr/bin/env bash
            [ "$1" = run ] || exit 2
            IFS= read -r slice || exit 1
            id=${slice#*\\"runId\\":\\"}; id=${id%%\\"*}; mode=${id%%.*}; nanos=${id#*.}
            [ "$mode" = stubborn ] && trap '' TERM
            # CLOCK_MONOTONIC, as a driver reads it (perl is in every Debian); the wallclock mode says the test's reading
            [ "$mode" = wallclock ] || nanos=$(perl -MTime::HiRes=clock_gettime,CLOCK_MONOTONIC -e 'printf "%.0f", clock_gettime(CLOCK_MONOTONIC)*1e9')
            printf '{"type":"ready","contract":1,"nanos":%s,"client":"franz-go","clientVersion":"script","pid":%s}\\n' "$nanos" "$$"
            case "$mode" in
              garbage) echo 'not json'; read -r -t 30 _ ;;
              huge) s=x; for i in {1..23}; do s=$s$s; done; printf '%s' "$s"; read -r -t 30 _ ;;
              stubborn) hold=$(dirname "$0")/hold; mkfifo "$hold"; while :; do read -r -t 30 _ <> "$hold"; done ;;
              twice) printf '{"type":"ready","contract":1,"nanos":%s,"client":"franz-go","clientVersion":"script","pid":%s}\\n' "$nanos" "$$" ;;
            esac
            while IFS= read -r line; do
              case "$line" in
                *'"start"'*)
                  case "$mode" in
                    complete) echo '{"type":"producers-finished"}'
                              echo '{"type":"done","status":"completed","failure":null,"sendLogs":null,"faults":[]}'; exit 0 ;;
                    failed) echo '{"type":"done","status":"failed","failure":"broker said no","sendLogs":null,"faults":[]}'
                            exit 1 ;;
                    die) kill -9 $$ ;;
                    exit3) exit 3 ;;
                  esac ;;
              esac
            done
            exit 1
            """;

    @TempDir
    Path dir;

    private DriverProcess driver;

    @AfterEach
    void release() {
        if (driver != null) {
            driver.close();
            assertThat(driver.alive()).as("released").isFalse();
        }
    }

    private DriverProcess start(String mode) throws Exception {
        Path script = dir.resolve("driver.sh");
        if (!Files.exists(script)) {
            Files.writeString(script, SCRIPT);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        }
        DriverSlice slice = new DriverSlice(1, mode + "." + System.nanoTime(), DriverRole.CONSUMERS, "127.0.0.1:9092", "t",
                7, 0, 1_000_000_000L, Map.of(), null, new DriverSlice.SliceConsumers(0, 1, "g"));
        driver = DriverProcess.start(script, ClientKind.FRANZ_GO, slice, dir.resolve("driver.log"));
        return driver;
    }

    @Test
    void aDriverThatCompletesEndsWithDoneAndExitZero() throws Exception {
        DriverProcess d = start("complete");
        assertThat(d.awaitReady(Duration.ofSeconds(10)).clientVersion()).isEqualTo("script");
        d.send(DriverControl.start(System.nanoTime()));
        assertThat(d.next(Duration.ofSeconds(10))).isInstanceOf(DriverEvent.ProducersFinished.class);
        assertThat(d.next(Duration.ofSeconds(10))).isInstanceOf(DriverEvent.Done.class);
        assertThat(d.awaitExit(Duration.ofSeconds(10))).contains(0);
        assertThatThrownBy(() -> d.next(Duration.ofSeconds(5))).isInstanceOf(RunFailedException.class)
                .hasMessageEndingWith("ended");
        assertThat(d.failure()).isEmpty();
    }

    @Test
    void aDriverKilledMidRunIsAFailureNamingItsPidSignalAndLog() throws Exception {
        DriverProcess d = start("die");
        d.awaitReady(Duration.ofSeconds(10));
        d.send(DriverControl.start(System.nanoTime()));
        assertThatThrownBy(() -> d.next(Duration.ofSeconds(10))).isInstanceOf(RunFailedException.class)
                .hasMessage("driver franz-go (consumers 0, pid " + d.pid() + ") was killed by signal 9 before done; see "
                        + dir.resolve("driver.log"));
    }

    @Test
    void aDriverThatExitsBeforeDoneOrSaysFailedIsAFailure() throws Exception {
        DriverProcess d = start("exit3");
        d.awaitReady(Duration.ofSeconds(10));
        d.send(DriverControl.start(System.nanoTime()));
        assertThatThrownBy(() -> d.next(Duration.ofSeconds(10))).hasMessageContaining("exited with status 3 before done");
        d.close();

        DriverProcess f = start("failed");
        f.awaitReady(Duration.ofSeconds(10));
        f.send(DriverControl.start(System.nanoTime()));
        assertThat(f.next(Duration.ofSeconds(10))).isInstanceOf(DriverEvent.Done.class);
        assertThat(f.awaitExit(Duration.ofSeconds(10))).contains(1);
        assertThatThrownBy(() -> f.next(Duration.ofSeconds(5))).hasMessageContaining("failed: broker said no");
    }

    @Test
    void aLineKbenchCannotReadKillsTheDriver() throws Exception {
        DriverProcess d = start("garbage");
        d.awaitReady(Duration.ofSeconds(10));
        assertThatThrownBy(() -> d.next(Duration.ofSeconds(10))).hasMessageContaining("wrote a line kbench cannot read")
                .hasMessageContaining("malformed JSON");
        assertThat(d.awaitExit(Duration.ofSeconds(5))).as("killed at once, not left to its 30 s wait").isPresent();
        d.close();

        DriverProcess twice = start("twice");
        twice.awaitReady(Duration.ofSeconds(10));
        assertThatThrownBy(() -> twice.next(Duration.ofSeconds(10))).hasMessageContaining("wrote ready twice");
    }

    @Test
    void aLineOverFourMebibytesIsRefusedWithoutReadingOn() throws Exception {
        DriverProcess d = start("huge");
        d.awaitReady(Duration.ofSeconds(10));
        assertThatThrownBy(() -> d.next(Duration.ofSeconds(20))).hasMessageContaining("wrote a line over 4194304 bytes");
        assertThat(d.awaitExit(Duration.ofSeconds(5))).isPresent();
    }

    @Test
    void theEndOfItsStandardInputEndsADriverAsItsParentsDeathWould() throws Exception {
        DriverProcess d = start("complete");
        d.awaitReady(Duration.ofSeconds(10));
        d.closeInput();
        assertThat(d.awaitExit(Duration.ofSeconds(5))).contains(1);
        assertThatThrownBy(() -> d.next(Duration.ofSeconds(5))).hasMessageContaining("exited with status 1 before done");
    }

    @Test
    void closeKillsADriverThatIgnoresSigtermAfterItsGrace() throws Exception {
        DriverProcess d = start("stubborn");
        d.awaitReady(Duration.ofSeconds(10));
        long before = System.nanoTime();
        d.close();
        Duration took = Duration.ofNanos(System.nanoTime() - before);
        assertThat(d.alive()).isFalse();
        assertThat(took).as("SIGTERM ignored, so the kill came after the grace").isGreaterThanOrEqualTo(DriverProcess.TERM_GRACE)
                .isLessThan(Duration.ofSeconds(15));
        Optional<Integer> status = d.awaitExit(Duration.ZERO);
        assertThat(status).contains(128 + 9);
    }

    @Test
    void aClockOtherThanCLOCK_MONOTONICIsRefusedAtReady() throws Exception {
        Path script = dir.resolve("driver.sh");
        Files.writeString(script, SCRIPT);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        long wallClock = System.currentTimeMillis() * 1_000_000L; // CLOCK_REALTIME: decades off the monotonic clock
        DriverSlice slice = new DriverSlice(1, "wallclock." + wallClock, DriverRole.CONSUMERS, "127.0.0.1:9092", "t", 7, 0,
                1_000_000_000L, Map.of(), null, new DriverSlice.SliceConsumers(0, 1, "g"));
        driver = DriverProcess.start(script, ClientKind.FRANZ_GO, slice, dir.resolve("driver.log"));
        assertThatThrownBy(() -> driver.awaitReady(Duration.ofSeconds(10))).hasMessageContaining("its clock is not CLOCK_MONOTONIC");
    }

    @Test
    void exitTextNamesASignalAsSuch() {
        assertThat(DriverProcess.exitText(137)).isEqualTo("was killed by signal 9");
        assertThat(DriverProcess.exitText(1)).isEqualTo("exited with status 1");
    }
}
