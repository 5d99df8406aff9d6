package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The files --junit-xml and --markdown name: checked before anything runs (a path kbench could not write must not cost
 * a run), written after it. Their directories are made if missing: a CI job names {@code build/reports/kbench.xml}
 * before anything made {@code build/reports}.
 */
final class ThresholdFiles {
    /** How the text meets what the file already holds. */
    enum Mode {
        /** The file holds this command's report only (JUnit XML has one root element). */
        REPLACE,
        /** Added after what is there: a step summary collects every command of a job. */
        APPEND
    }

    private ThresholdFiles() {
    }

    /** Refuses, naming {@code flag}, a file that is a directory, is not writable, or lies under something not a directory. */
    static void check(String flag, Path file) {
        if (file == null) {
            return;
        }
        Path absolute = file.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            throw InvalidInputException.field(flag, file, "is a directory; name a file");
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw InvalidInputException.field(flag, file, "cannot be written");
        }
        Path dir = absolute.getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw InvalidInputException.field(flag, file, (dir == null ? "no directory" : dir + " is not a directory")
                    + " to write it in");
        }
        if (!Files.isWritable(dir)) {
            throw InvalidInputException.field(flag, file, "directory " + dir + " cannot be written");
        }
    }

    /** Writes {@code text}; says so on stdout, or a failure in one line on stderr; returns whether it was written. */
    static boolean write(String flag, Path file, String text, Mode mode, CommandSpec command) {
        if (file == null) {
            return true;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (mode == Mode.APPEND) {
                Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } else {
                Files.writeString(file, text, StandardCharsets.UTF_8);
            }
            CommandOutput.out(command).println(flag.substring(2) + ": " + file);
            return true;
        } catch (IOException e) {
            CommandOutput.err(command).println("kbench: error: " + flag + " " + file + ": cannot write ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
            return false;
        }
    }
}
