package io.kbench.experiment;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Told each time an experiment has written a result directory (a run, a sweep repetition, a find-max probe or the
 * find-max answer), right after its "results:" line. The CLI renders the HTML report here, so experiment needs no
 * dependency on report and the output keeps its order.
 */
@FunctionalInterface
public interface ResultListener {
    void written(Path dir, PrintStream out);
}
