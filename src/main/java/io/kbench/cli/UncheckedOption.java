package io.kbench.cli;

import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.UncheckedProperties;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --unchecked-property NAME}: a plugin's own property name that the command line's property flags and files
 * (--command-property, --producer-props, --broker-config, ...) may carry although Kafka does not define it. The
 * workload's own maps have the workload field {@code uncheckedProperties} instead (docs/workloads.md).
 */
public final class UncheckedOption {
    @Option(names = UncheckedProperties.FLAG, paramLabel = "NAME",
            description = {"A plugin's own property name (an interceptor's, a serializer's) that Kafka does not define:"
                    + " passed on unchecked. A prefix ending in '.' covers every name below it. Repeatable.",
                "Other names Kafka does not define are refused (exit 2) with the nearest name it does."})
    List<String> names = new ArrayList<>();

    /** The names given, refused if one of them is a name Kafka defines and checks itself. */
    UncheckedProperties properties() {
        return KafkaConfigCheck.unchecked(names);
    }
}
