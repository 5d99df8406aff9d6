package io.kbench.console;

import io.kbench.driver.DriverBinary;
import io.kbench.driver.DriverStatus;
import io.kbench.format.AlignedTable;
import io.kbench.spec.ClientKind;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code kbench drivers build}'s and {@code kbench drivers list}'s lines: which client drivers are built, and where. */
public final class DriverText {
    private DriverText() {
    }

    /** One line per driver asked for: built now (and how long it took) or already in the cache. */
    public static void built(DriverBinary binary, Duration took, boolean compiled, PrintStream out) {
        out.println(binary.client().text() + ": " + (compiled ? String.format(Locale.ROOT, "built in %.1f s", took.toMillis() / 1000.0)
                : "up to date") + ", " + version(binary) + "\n  " + binary.executable());
    }

    /** A client whose driver is not in this kbench: said, not an error, when every driver is asked for. */
    public static void absent(ClientKind client, Path sources, PrintStream out) {
        out.println(client.text() + ": no driver in this kbench yet (" + sources + " does not exist)");
    }

    /** Every client with a driver: its compiler, whether its binary is built for the current sources, its version. */
    public static void list(Path cache, List<DriverStatus> drivers, PrintStream out) {
        out.println("cache: " + cache);
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("client", "toolchain", "state"));
        table.add(List.of("java", "-", "in kbench: Kafka's Java client, no driver"));
        for (DriverStatus d : drivers) {
            String toolchain = d.toolchainVersion() != null ? d.toolchainVersion()
                    : d.toolchain().present() ? d.toolchain().path().toString()
                    : "no " + String.join(", no ", d.toolchain().absent()) + " on the PATH";
            String state = !d.sources().present() ? "no driver in this kbench yet"
                    : d.built().map(b -> "built, " + version(b) + ": " + b.executable())
                            .orElse(d.toolchain().present() ? "not built: 'kbench drivers build " + d.client().text()
                                    + "' builds it" : "cannot be built here: needs " + String.join(" and ", d.toolchain().absent()));
            table.add(List.of(d.client().text(), toolchain, state));
        }
        AlignedTable.print(table, 1, out);
    }

    /**
     * --dry-run's line for a side whose client runs in a driver ({@code field} is {@code producers.client}): whether
     * its driver is built, would be built first, or cannot be built on this machine. A comment, so the YAML around it
     * can still be pasted into a file.
     */
    public static void dryRun(String field, DriverStatus d, PrintStream out) {
        String state = !d.sources().present() ? "no driver in this kbench yet"
                : d.built().map(b -> "driver built, " + version(b))
                        .orElse(d.toolchain().present() ? "driver not built yet: 'kbench drivers build " + d.client().text()
                                + "' builds it with " + d.toolchainVersion() : "driver cannot be built here: no "
                                + String.join(", no ", d.toolchain().absent()) + " on the PATH");
        out.println("# " + field + " " + d.client().text() + ": " + state);
    }

    private static String version(DriverBinary b) {
        return b.version().client().text() + " " + b.version().clientVersion() + ", contract " + b.version().contract();
    }
}
