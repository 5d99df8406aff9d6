package io.kbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The optional workload file of run and find-max; without it, the bundled quick-start. */
final class WorkloadFile {
    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Workload YAML file (default: the bundled quick-start).")
    Path path;
}
