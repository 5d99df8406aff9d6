package io.kbench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Prints the time of each integration test class, slowest first, from failsafe's TEST-*.xml reports, so the next slow
 * class is visible at the end of {@code ./mvnw -B verify}. pom.xml runs it after the integration tests and before
 * failsafe's verify, so it prints when tests failed too; it never fails the build.
 *
 * <p>Then the last lines each failed class printed, and of each class that printed but has no report (its fork was
 * killed at failsafe's fork timeout, pom.xml): CI shows only the end of the build's output, and the reports on its
 * machine are gone with it.
 */
public final class ItTimes {
    /** One report: a class, its time and how its tests ended. */
    record ClassTime(String name, double seconds, int tests, int failed, int skipped, List<String> flaky) {
    }

    /** Lines of a class's output shown, and characters of each. */
    static final int TAIL_LINES = 40;
    static final int LINE_CHARS = 300;
    static final int TAIL_BYTES = 256 * 1024;

    private ItTimes() {
    }

    public static void main(String[] args) {
        Path reports = Path.of(args.length > 0 ? args[0] : "target/failsafe-reports");
        try {
            List<ClassTime> times = read(reports);
            print(times, reports, System.out);
            printTails(times, reports, System.out);
        } catch (IOException | XMLStreamException | RuntimeException e) {
            System.out.println("integration test times: not available (" + e + ")");
        }
    }

    /** Classes with an output file (failsafe's {@code NAME-output.txt}) and no report: they never finished. */
    static List<String> unfinished(Path reports) throws IOException {
        if (!Files.isDirectory(reports)) {
            return List.of();
        }
        try (Stream<Path> all = Files.list(reports)) {
            return all.map(f -> f.getFileName().toString()).filter(n -> n.endsWith("-output.txt"))
                    .map(n -> n.substring(0, n.length() - "-output.txt".length()))
                    .filter(c -> !Files.exists(reports.resolve("TEST-" + c + ".xml"))).sorted().toList();
        }
    }

    /**
     * The last {@link #TAIL_LINES} lines of the output of each failed, flaky and unfinished class; a flaky class's
     * tests first, each with the message it failed with before it passed.
     */
    static void printTails(List<ClassTime> times, Path reports, PrintStream out) throws IOException {
        for (ClassTime t : times) {
            t.flaky().forEach(f -> out.println("flaky " + t.name() + "." + f));
            if (t.failed() > 0 || !t.flaky().isEmpty()) {
                printTail(t.name(), t.failed() > 0 ? "failed" : "passed only when run again", reports, out);
            }
        }
        for (String c : unfinished(reports)) {
            printTail(c, "did not finish", reports, out);
        }
    }

    private static void printTail(String testClass, String state, Path reports, PrintStream out) throws IOException {
        Path output = reports.resolve(testClass + "-output.txt");
        if (!Files.isRegularFile(output)) {
            out.println(testClass + " " + state + "; it printed nothing");
            return;
        }
        List<String> lines = lastBytes(output).lines().toList();
        out.println(String.format(Locale.ROOT, "%s %s; its last %d output lines:", testClass, state,
                Math.min(TAIL_LINES, lines.size())));
        for (String line : lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())) {
            out.println("  | " + (line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "..." : line));
        }
    }

    /** The file's text, or its last {@link #TAIL_BYTES} bytes when longer (a broker's log can run to megabytes). */
    private static String lastBytes(Path file) throws IOException {
        try (SeekableByteChannel in = Files.newByteChannel(file)) {
            long size = in.size();
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(size, TAIL_BYTES));
            in.position(size - buffer.capacity());
            while (buffer.hasRemaining() && in.read(buffer) >= 0) {
                // reads to the end
            }
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        }
    }

    static List<ClassTime> read(Path reports) throws IOException, XMLStreamException {
        List<ClassTime> times = new ArrayList<>();
        if (!Files.isDirectory(reports)) {
            return times;
        }
        List<Path> files;
        try (Stream<Path> all = Files.list(reports)) {
            files = all.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
        }
        for (Path f : files) {
            try {
                times.add(readOne(f));
            } catch (IOException | XMLStreamException | RuntimeException e) {
                // One unreadable report (a fork killed while writing it) must not hide the others.
                times.add(new ClassTime(f.getFileName() + " (unreadable: " + e.getClass().getSimpleName() + ")", 0, 0,
                        0, 0, List.of()));
            }
        }
        times.sort(Comparator.comparingDouble(ClassTime::seconds).reversed().thenComparing(ClassTime::name));
        return times;
    }

    /**
     * The attributes of the report's root {@code <testsuite>}, and each test that failed and then passed when failsafe
     * ran it again (its {@code flakyFailure} or {@code flakyError}: the test's name and the first failure's message).
     */
    private static ClassTime readOne(Path report) throws IOException, XMLStreamException {
        try (InputStream in = Files.newInputStream(report)) {
            XMLStreamReader xml = XMLInputFactory.newFactory().createXMLStreamReader(in);
            try {
                while (!xml.isStartElement()) {
                    xml.next();
                }
                String name = xml.getAttributeValue(null, "name");
                double seconds = number(xml, "time");
                int tests = (int) number(xml, "tests");
                int failed = (int) (number(xml, "failures") + number(xml, "errors"));
                int skipped = (int) number(xml, "skipped");
                List<String> flaky = new ArrayList<>();
                String testcase = "";
                while (xml.hasNext()) {
                    if (xml.next() != XMLStreamConstants.START_ELEMENT) {
                        continue;
                    }
                    String element = xml.getLocalName();
                    if (element.equals("testcase")) {
                        testcase = String.valueOf(xml.getAttributeValue(null, "name"));
                    } else if ((element.equals("flakyFailure") || element.equals("flakyError"))
                            && (flaky.isEmpty() || !flaky.get(flaky.size() - 1).startsWith(testcase + ": "))) {
                        flaky.add(testcase + ": " + oneLine(xml.getAttributeValue(null, "message")));
                    }
                }
                return new ClassTime(name, seconds, tests, failed, skipped, List.copyOf(flaky));
            } finally {
                xml.close();
            }
        }
    }

    private static String oneLine(String message) {
        String line = message == null ? "(no message)" : message.strip().replaceAll("\\s+", " ");
        return line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "..." : line;
    }

    private static double number(XMLStreamReader xml, String attribute) {
        String value = xml.getAttributeValue(null, attribute);
        return value == null || value.isBlank() ? 0 : Double.parseDouble(value.replace(",", ""));
    }

    static void print(List<ClassTime> times, Path reports, PrintStream out) {
        if (times.isEmpty()) {
            out.println("integration test times: no reports in " + reports);
            return;
        }
        out.println("integration test time per class, slowest first (" + reports + "):");
        double total = 0;
        for (ClassTime t : times) {
            total += t.seconds();
            out.println(String.format(Locale.ROOT, "%8.1f s  %s  (%d tests%s%s%s)", t.seconds(), t.name(), t.tests(),
                    t.failed() > 0 ? ", " + t.failed() + " failed" : "",
                    t.flaky().isEmpty() ? "" : ", " + t.flaky().size() + " passed only when run again",
                    t.skipped() > 0 ? ", " + t.skipped() + " skipped" : ""));
        }
        out.println(String.format(Locale.ROOT, "%8.1f s  in all %d classes (summed; parallel forks overlap)", total,
                times.size()));
    }
}
