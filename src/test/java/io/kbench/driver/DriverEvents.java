package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.load.PayloadGenerator;
import io.kbench.spec.PayloadSpec;
import io.kbench.spec.RecordSizeSpec;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.HdrHistogram.Histogram;

/**
 * kbench's side of the driver contract in a test: the values file it hands a driver, and its events
 * (docs/drivers.md#events-standard-output) read back and added up.
 */
final class DriverEvents {
    private static final ObjectMapper JSON = new ObjectMapper();

    private DriverEvents() {
    }

    /** Writes producer thread {@code thread}'s values, 100 bytes each, as kbench hands them to a driver. */
    static Path writeValues(Path file, int thread) throws IOException {
        byte[][] values = new PayloadGenerator(PayloadSpec.random(), RecordSizeSpec.fixed(100)).valuesForThread(thread);
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeInt(values.length);
            for (byte[] v : values) {
                out.writeInt(v.length);
                out.write(v);
            }
        }
        return file;
    }

    /** The longest a driver may stay silent: it writes an interval every half second once started. */
    static final long SILENCE_NANOS = 60_000_000_000L;

    /**
     * The driver's next event line; fails, ending the driver, when none comes within {@link #SILENCE_NANOS} (a driver
     * that stopped writing once kept a CI run waiting 15 min in readLine).
     */
    static JsonNode next(BufferedReader events, Process driver) throws IOException {
        long deadline = System.nanoTime() + SILENCE_NANOS;
        while (!events.ready() && driver.isAlive()) {
            if (System.nanoTime() > deadline) {
                driver.destroyForcibly();
                throw new AssertionError("no event from the driver (pid " + driver.pid() + ") for "
                        + SILENCE_NANOS / 1_000_000_000L + " s: it stopped writing");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted waiting for a driver event", e);
            }
        }
        String line = events.readLine();
        assertThat(line).as("an event from the driver (exit %s)", driver.isAlive() ? "none" : driver.exitValue())
                .isNotNull();
        return JSON.readTree(line);
    }

    /** What the driver's events add up to. */
    static final class Totals {
        long produced;
        long producedMeasured;
        long consumed;
        long consumedMeasured;
        final Histogram endToEnd = new Histogram(1, 3_600_000_000L, 3);
        long cpuNanos;
        final Histogram publish = new Histogram(1, 3_600_000_000L, 3);
        final Histogram sendDelay = new Histogram(1, 3_600_000_000L, 3);
        JsonNode done;
    }

    /** The longest a test waits for one step of a driver's run (its records, its done) while events keep coming. */
    static final long STEP_NANOS = 120_000_000_000L;

    /**
     * Fails, ending the driver, once {@code deadlineNanos} (System.nanoTime) has passed: a driver that keeps writing
     * intervals while what the test waits for never comes (records lost on a stalled broker) must not hold the suite
     * (a clean-clone CI run 2026-11-30 looped on a franz-go consumer's intervals until CI's own limit).
     */
    static void within(long deadlineNanos, Process driver, String waitingFor) {
        if (System.nanoTime() > deadlineNanos) {
            driver.destroyForcibly();
            throw new AssertionError("still waiting for " + waitingFor + " after " + STEP_NANOS / 1_000_000_000L
                    + " s while the driver (pid " + driver.pid() + ") kept writing events");
        }
    }

    /** Reads to {@code done}; the intervals must come in order from {@code nextIndex} (0 when none was read yet). */
    static Totals readUntilDone(BufferedReader events, Process driver, int nextIndex) throws Exception {
        Totals t = new Totals();
        int expectedIndex = nextIndex;
        long deadline = System.nanoTime() + STEP_NANOS;
        for (JsonNode e = next(events, driver); ; e = next(events, driver)) {
            if (!e.get("type").asText().equals("done")) {
                within(deadline, driver, "the driver's done event (last interval " + (expectedIndex - 1) + ")");
            }
            switch (e.get("type").asText()) {
                case "interval" -> {
                    assertThat(e.get("index").asInt()).isEqualTo(expectedIndex++);
                    t.produced += e.get("counts").get("producedRecords").asLong();
                    t.producedMeasured += e.get("counts").get("producedMeasured").asLong();
                    t.consumed += e.get("counts").get("consumedRecords").asLong();
                    t.consumedMeasured += e.get("counts").get("consumedMeasured").asLong();
                    t.endToEnd.add(decode(e.get("histograms").get("endToEnd").asText()));
                    t.cpuNanos = e.get("cpuNanos").asLong();
                    t.publish.add(decode(e.get("histograms").get("publish").asText()));
                    t.sendDelay.add(decode(e.get("histograms").get("sendDelay").asText()));
                }
                case "producers-finished", "assigned" -> { }
                case "done" -> {
                    t.done = e;
                    return t;
                }
                default -> throw new AssertionError("unexpected event " + e);
            }
        }
    }

    static Histogram decode(String base64) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    }
}
