package io.kbench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Prints the time of each integration test class, slowest first, from failsafe's TEST-*.xml reports, so the next slow
 * class is visible at the end of {@code ./mvnw -B verify}. pom.xml runs it after the integration tests and before
 * failsafe's verify, so it prints when tests failed too; it never fails the build.
 */
public final class ItTimes {
    /** One report: a class, its time and how its tests ended. */
    record ClassTime(String name, double seconds, int tests, int failed, int skipped) {
    }

    private ItTimes() {
    }

    public static void main(String[] args) {
        Path reports = Path.of(args.length > 0 ? args[0] : "target/failsafe-reports");
        try {
            print(read(reports), reports, System.out);
        } catch (IOException | XMLStreamException | RuntimeException e) {
            System.out.println("integration test times: not available (" + e + ")");
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
            times.add(readOne(f));
        }
        times.sort(Comparator.comparingDouble(ClassTime::seconds).reversed().thenComparing(ClassTime::name));
        return times;
    }

    /** The attributes of the report's root {@code <testsuite>}: the rest of the file is not read. */
    private static ClassTime readOne(Path report) throws IOException, XMLStreamException {
        try (InputStream in = Files.newInputStream(report)) {
            XMLStreamReader xml = XMLInputFactory.newFactory().createXMLStreamReader(in);
            try {
                while (!xml.isStartElement()) {
                    xml.next();
                }
                return new ClassTime(xml.getAttributeValue(null, "name"), number(xml, "time"),
                        (int) number(xml, "tests"), (int) (number(xml, "failures") + number(xml, "errors")),
                        (int) number(xml, "skipped"));
            } finally {
                xml.close();
            }
        }
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
            out.println(String.format(Locale.ROOT, "%8.1f s  %s  (%d tests%s%s)", t.seconds(), t.name(), t.tests(),
                    t.failed() > 0 ? ", " + t.failed() + " failed" : "",
                    t.skipped() > 0 ? ", " + t.skipped() + " skipped" : ""));
        }
        out.println(String.format(Locale.ROOT, "%8.1f s  in all %d classes (summed; parallel forks overlap)", total,
                times.size()));
    }
}
