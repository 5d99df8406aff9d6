package io.kbench.report;

import io.kbench.error.KbenchException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.Diagnosis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The diagnoses of the runs behind a sweep point or a find-max probe, read from their result.json files. */
final class RunDiagnoses {
    private RunDiagnoses() {
    }

    /** The run's diagnosis, or null when the file is missing, unreadable or has none. */
    static Diagnosis of(Path resultJson) {
        if (resultJson == null || !Files.isRegularFile(resultJson)) {
            return null;
        }
        try {
            RunResult run = ResultReader.read(resultJson, RunResult.class);
            return run.telemetry() == null ? null : run.telemetry().diagnosis();
        } catch (KbenchException e) {
            return null; // the report still shows what the sweep or find-max result holds
        }
    }

    /**
     * One cell for several repetitions: the diagnosis line when they agree (the first one's evidence), else each
     * verdict with how many repetitions reached it; "-" without any.
     */
    static String summary(List<Diagnosis> diagnoses) {
        List<Diagnosis> present = diagnoses.stream().filter(Objects::nonNull).toList();
        if (present.isEmpty()) {
            return "-";
        }
        Map<String, Long> counts = present.stream().collect(Collectors.groupingBy(d -> d.limitedBy().label(), TreeMap::new,
                Collectors.counting()));
        String of = " of " + diagnoses.size() + " runs";
        if (counts.size() == 1) {
            return present.get(0).line() + (diagnoses.size() > 1 ? " [" + present.size() + of + "]" : "");
        }
        return "limited by: " + counts.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + of + ")")
                .collect(Collectors.joining(", "));
    }

    /**
     * The limiting resources only, for a table cell: {@code disk (3/3)}, or {@code load generator CPU (2/3), disk (1/3)}
     * when the repetitions disagree; "-" when none was diagnosed.
     */
    static String labels(List<Diagnosis> diagnoses) {
        List<Diagnosis> present = diagnoses.stream().filter(Objects::nonNull).toList();
        if (present.isEmpty()) {
            return "-";
        }
        Map<String, Long> counts = present.stream().collect(Collectors.groupingBy(d -> d.limitedBy().label(), TreeMap::new,
                Collectors.counting()));
        return counts.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + "/" + diagnoses.size() + ")")
                .collect(Collectors.joining(", "));
    }
}
