package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs name only sweep keys kbench accepts (issue 42: a page said a sweep's {@code repetitions: 4}, which kbench
 * refuses as an unknown key; the key is {@code repeat}). Checked where the docs name one: the top-level keys of every
 * sweep-shaped YAML example, and "a sweep's `KEY: ...`" in prose.
 */
class SweepDocKeysTest {
    private static final Pattern YAML_BLOCK = Pattern.compile("```ya?ml\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern TOP_KEY = Pattern.compile("(?m)^([A-Za-z]\\w*):");
    private static final Pattern IN_PROSE = Pattern.compile("sweep(?:'s| file's| file) `([A-Za-z]\\w*):");
    /** Keys only a sweep file has at its top: a block with one of them is a sweep (or a part of one). */
    private static final Set<String> SWEEP_ONLY = Set.of("axes", "points", "repeat", "clusters", "findings");

    @Test
    void everySweepKeyTheDocsNameIsOneKbenchAccepts() throws IOException {
        Set<String> accepted = Arrays.stream(SweepSpec.class.getRecordComponents()).map(RecordComponent::getName)
                .collect(Collectors.toSet());
        List<String> unknown = new ArrayList<>();
        int named = 0;
        for (Path page : pages()) {
            String text = Files.readString(page);
            Matcher block = YAML_BLOCK.matcher(text);
            while (block.find()) {
                List<String> keys = TOP_KEY.matcher(block.group(1)).results().map(m -> m.group(1)).toList();
                if (keys.stream().anyMatch(SWEEP_ONLY::contains)) {
                    named += keys.size();
                    keys.stream().filter(k -> !accepted.contains(k)).forEach(k -> unknown.add(page + ": " + k));
                }
            }
            Matcher prose = IN_PROSE.matcher(text);
            while (prose.find()) {
                named++;
                if (!accepted.contains(prose.group(1))) {
                    unknown.add(page + ": " + prose.group(1));
                }
            }
        }
        assertThat(named).as("sweep keys the docs name (a check over none would pass for nothing)").isGreaterThan(10);
        assertThat(unknown).as("sweep keys kbench refuses").isEmpty();
        // The page that once said it, as it would be checked:
        Matcher old = IN_PROSE.matcher("Repeat each side at least 4 times (a sweep's `repetitions: 4`)");
        assertThat(old.find() && !accepted.contains(old.group(1))).isTrue();
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
            List<Path> pages = new ArrayList<>(docs.filter(p -> p.toString().endsWith(".md")).sorted().toList());
            pages.add(Path.of("README.md"));
            return pages;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
