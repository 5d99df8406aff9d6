package io.kbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Where results go and how they are labelled. */
public final class OutputOptions {
    /** Parent directory of result directories. */
    @Option(names = "--results-dir", paramLabel = "DIR", defaultValue = "results",
            description = "Parent directory for results (default: ${DEFAULT-VALUE}); each run writes <timestamp>-<name>/ in it.")
    Path resultsDir;

    /** Labels recorded in result.json, e.g. instanceType=m5.xlarge (used by kbench cost). */
    @Option(names = "--tag", paramLabel = "KEY=VALUE",
            description = "Label recorded in result.json (repeatable), e.g. instanceType=m5.xlarge.")
    List<String> tags = new ArrayList<>();
}
