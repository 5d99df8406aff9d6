package io.kbench.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The package edges a source tree writes down: its imports and the qualified names in its code, comments, string
 * and character literals left out (a '"' would otherwise open a string that hides the code after it) (a class named in a string is loaded by name in another JVM, not linked).
 */
final class SourceEdges {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package io\\.kbench\\.(\\w+)");
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.kbench\\.(\\w+)\\.");
    private static final Pattern COMMENTS_AND_STRINGS =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\])'",
                    Pattern.DOTALL);

    /** One source reference from a top-level package to another. */
    record Edge(Path file, String from, String to) {
    }

    private SourceEdges() {
    }

    static List<Edge> scan(Path root) throws IOException {
        List<Edge> edges = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> edges.addAll(edgesOf(f)));
        }
        return edges;
    }

    private static List<Edge> edgesOf(Path file) {
        String code;
        try {
            code = COMMENTS_AND_STRINGS.matcher(Files.readString(file)).replaceAll(" ");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher pkg = PACKAGE.matcher(code);
        if (!pkg.find()) {
            return List.of();
        }
        String from = pkg.group(1);
        List<Edge> edges = new ArrayList<>();
        Matcher ref = REFERENCE.matcher(code);
        while (ref.find()) {
            if (!ref.group(1).equals(from) && ref.start() > pkg.end()) {
                edges.add(new Edge(file, from, ref.group(1)));
            }
        }
        return edges;
    }
}
