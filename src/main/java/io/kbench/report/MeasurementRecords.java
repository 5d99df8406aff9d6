package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.InvalidInputException;
import io.kbench.study.KeptMeasurement;
import io.kbench.study.KeptResults;
import io.kbench.study.ScenarioResolution;
import io.kbench.study.StudyCommand;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Writes how a kept result was measured (docs/studies/data/measured/NAME.json, {@link KeptMeasurement}): bench/studies.sh
 * calls it after each measurement with the command it ran and kbench's commit; {@code --resolve} prints the scenario a
 * study resolves to today, with its hash, and writes nothing.
 *
 * <pre>
 * java -cp target/classes:target/lib/* io.kbench.report.MeasurementRecords [--recorded TEXT] ROOT NAME COMMIT COMMAND...
 * java -cp target/classes:target/lib/* io.kbench.report.MeasurementRecords --resolve ROOT NAME
 * </pre>
 */
public final class MeasurementRecords {
    /** What {@code recorded} says of a record bench/studies.sh wrote right after the measurement. */
    static final String AT_MEASUREMENT = "by bench/studies.sh after the measurement";

    private MeasurementRecords() {
    }

    public static void main(String[] args) {
        try {
            if (args.length == 3 && args[0].equals("--resolve")) {
                Path root = Path.of(args[1]);
                JsonNode tree = ScenarioResolution.resolve(root, command(root, args[2]));
                System.out.println(ScenarioResolution.hash(tree) + " " + tree);
            } else if (args.length >= 4) {
                // --recorded TEXT: a record made later than the measurement says how it was made instead.
                boolean later = args[0].equals("--recorded");
                int at = later ? 2 : 0;
                Path root = Path.of(args[at]);
                String line = String.join(" ", Arrays.asList(args).subList(at + 3, args.length));
                String commit = args[at + 2].isBlank() || args[at + 2].equals("unknown") ? null : args[at + 2];
                KeptMeasurement m = KeptMeasurement.of(new KeptResults(root), args[at + 1], commit, line, later ? args[1] : AT_MEASUREMENT);
                System.out.println("recorded: " + m.write(root));
            } else {
                System.err.println("usage: MeasurementRecords [--recorded TEXT] ROOT NAME COMMIT COMMAND... | --resolve ROOT NAME");
                System.exit(2);
            }
        } catch (InvalidInputException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
    }

    private static StudyCommand command(Path root, String name) {
        StudyCommand c = StudyCommand.readAll(root).get(name);
        if (c == null) {
            throw InvalidInputException.field("NAME", name, "is not a study in " + StudyCommand.FILE);
        }
        return c;
    }
}
