package io.kbench.study;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of bench/studies.txt: the kbench command that measures a kept result. bench/studies.sh runs it; the claims
 * pages resolve it again today to tell whether the kept result still measures the scenario (see {@link KeptShape}).
 *
 * @param name the kept result's name (docs/studies/data/NAME.json)
 * @param page the study page its tables are spliced into
 * @param args kbench's arguments as written, {@code $JDK25} unexpanded: the command, the scenario file, its options
 */
public record StudyCommand(String name, String page, List<String> args) {
    /** The list of studies, relative to the repository root. */
    public static final String FILE = "bench/studies.txt";

    public StudyCommand {
        Checks.notBlank("name", name);
        Checks.notBlank("page", page);
        args = List.copyOf(args);
        if (args.size() < 2 || !List.of("sweep", "find-max", "run").contains(args.get(0))) {
            throw InvalidInputException.field(FILE + " " + name, String.join(" ", args),
                    "needs sweep, find-max or run and a scenario file");
        }
    }

    /** The kbench command: sweep, find-max or run. */
    public String command() {
        return args.get(0);
    }

    /** The scenario file, relative to the repository root. */
    public String scenario() {
        return args.get(1);
    }

    /** The options after the scenario file. */
    public List<String> options() {
        return args.subList(2, args.size());
    }

    /** The arguments as one line, as written in the list. */
    public String line() {
        return String.join(" ", args);
    }

    /** Every study of {@code root}'s bench/studies.txt by name, in its order; empty when there is no list. */
    public static Map<String, StudyCommand> readAll(Path root) {
        Path file = root.resolve(FILE);
        Map<String, StudyCommand> commands = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return commands;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\|", 3);
            if (parts.length != 3) {
                throw InvalidInputException.field(FILE + " line " + (i + 1), line, "needs NAME|PAGE|ARGUMENTS");
            }
            StudyCommand c = new StudyCommand(parts[0].strip(), parts[1].strip(),
                    Arrays.asList(parts[2].strip().split("\\s+")));
            if (commands.put(c.name(), c) != null) {
                throw InvalidInputException.field(FILE + " line " + (i + 1), c.name(), "names a study twice");
            }
        }
        return commands;
    }
}
