package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.LowercaseEnum;
import io.kbench.unit.FigureText;

/**
 * What each side's client cost in CPU over its measured window (docs/clients.md#cpu-per-record): the user plus system
 * CPU time of the process that ran it, per measured record, so clients compare at the same load by one figure. A side
 * in a driver is charged its driver process's CPU; a side of the Java client is charged kbench's own JVM (every thread,
 * GC and JIT included, so also kbench's measuring); when both sides run in that JVM its CPU over both windows is split
 * between them by their records, so each side's CPU per record is the same figure and the two add up to the JVM's.
 *
 * @param producers the producers' CPU, or absent (no producers, or no CPU reading over their window)
 * @param consumers the consumers' CPU, or absent (no consumers, or no CPU reading over their window)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadCpu(Side producers, Side consumers) {
    public LoadCpu {
        if (producers == null && consumers == null) {
            throw InvalidInputException.field("loadCpu", "{}", "needs producers or consumers");
        }
    }

    /**
     * {@code CPU per record: producers franz-go 12.3 us (its driver), consumers java 20.1 us (kbench's JVM)}; us is
     * microseconds, written in ASCII since a terminal under the POSIX locale shows no micro sign.
     */
    public String line() {
        StringBuilder text = new StringBuilder("CPU per record:");
        if (producers != null) {
            text.append(" producers ").append(producers.text());
        }
        if (consumers != null) {
            text.append(producers != null ? "," : "").append(" consumers ").append(consumers.text());
        }
        return text.toString();
    }

    /** The process a side's client ran in. */
    public enum Process {
        /** kbench's own JVM: the Java client. */
        KBENCH,
        /** A driver process of its own (docs/drivers.md). */
        DRIVER;

        @JsonValue
        public String json() {
            return LowercaseEnum.json(this);
        }

        /** As written in JSON; anything else is refused. */
        @JsonCreator
        public static Process of(String text) {
            return LowercaseEnum.parse(Process.class, text, "loadCpu process");
        }
    }

    /**
     * One side's CPU.
     *
     * @param client             the client, as producers.client spells it ({@code java}, {@code franz-go})
     * @param process            the process it ran in
     * @param cpuSeconds         user plus system CPU of that process over the side's measured window, seconds (for a
     *                           JVM shared by both sides, this side's share)
     * @param records            the side's measured records
     * @param cpuMicrosPerRecord cpuSeconds per record, microseconds
     */
    @JsonPropertyOrder({"client", "process", "cpuSeconds", "records", "cpuMicrosPerRecord"})
    public record Side(String client, Process process, double cpuSeconds, long records, double cpuMicrosPerRecord) {
        public Side {
            Checks.notBlank("loadCpu.client", client);
            if (process == null) {
                throw InvalidInputException.field("loadCpu.process", null, "is kbench or driver");
            }
            if (!(cpuSeconds >= 0) || Double.isInfinite(cpuSeconds)) {
                throw InvalidInputException.field("loadCpu.cpuSeconds", cpuSeconds, "must be a finite figure >= 0");
            }
            Checks.atLeast("loadCpu.records", records, 1L);
            if (!(cpuMicrosPerRecord >= 0) || Double.isInfinite(cpuMicrosPerRecord)) {
                throw InvalidInputException.field("loadCpu.cpuMicrosPerRecord", cpuMicrosPerRecord,
                        "must be a finite figure >= 0");
            }
        }

        /** The side of {@code records} that cost {@code cpuNanos}. */
        public static Side of(String client, Process process, long cpuNanos, long records) {
            return new Side(client, process, cpuNanos / 1e9, records, cpuNanos / 1e3 / records);
        }

        private String text() {
            return client + " " + FigureText.millisNumber(cpuMicrosPerRecord) + " us ("
                    + (process == Process.KBENCH ? "kbench's JVM" : "its driver") + ")";
        }
    }
}
