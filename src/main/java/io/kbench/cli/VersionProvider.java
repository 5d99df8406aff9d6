package io.kbench.cli;

import io.kbench.result.Versions;
import picocli.CommandLine;

/** Prints kbench, Kafka client and JDK versions for {@code --version}. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {
            "kbench " + Versions.kbench(),
            "Kafka " + Versions.kafka(),
            "JDK " + Runtime.version(),
        };
    }
}
