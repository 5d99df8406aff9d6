package io.kbench.driver;

import io.kbench.error.Checks;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A control line kbench writes to a driver after the slice (docs/drivers.md, "Control lines"). Times are on the run's
 * clock (CLOCK_MONOTONIC nanoseconds plus the slice's offset).
 *
 * @param line the JSON line, without its newline
 */
public record DriverControl(String line) {
    public DriverControl {
        Checks.notBlank("control line", line);
    }

    /** The common start: intervals count from it, and each producer thread's record 0 is due by its phase. */
    public static DriverControl start(long startNanos) {
        return of("start", "startNanos", startNanos);
    }

    /** The auto warm-up ended: records intended at or after {@code nanos} are measured. */
    public static DriverControl warmupEnd(long nanos) {
        return of("warmup-end", "nanos", nanos);
    }

    public static DriverControl faultOpen(int index, long nanos) {
        return fault("fault-open", index, nanos);
    }

    public static DriverControl faultClose(int index, long nanos) {
        return fault("fault-close", index, nanos);
    }

    /** Stop now; in-flight records get at most {@code graceMs}. */
    public static DriverControl stop(long graceMs) {
        Checks.atLeast("stop.graceMs", graceMs, 0L);
        return of("stop", "graceMs", graceMs);
    }

    private static DriverControl fault(String type, int index, long nanos) {
        Checks.between(type + ".index", index, 0, 63);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("type", type);
        fields.put("index", index);
        fields.put("nanos", nanos);
        return new DriverControl(ContractJson.write(fields));
    }

    private static DriverControl of(String type, String key, long value) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("type", type);
        fields.put(key, value);
        return new DriverControl(ContractJson.write(fields));
    }
}
