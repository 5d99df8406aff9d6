package io.kbench.result.run;

import io.kbench.result.Environment;
import io.kbench.spec.WorkloadSpec;
import java.time.Instant;
import java.util.Map;

/** The frame the schema tests fill with the part they are about, on {@link RunResult}'s own builder. */
public final class RunResults {
    private RunResults() {
    }

    /**
     * A completed run of {@code spec} from 2026-01-01T00:00:00Z to 00:00:30Z on this machine, without tags or client
     * properties.
     */
    public static RunResult.Builder of(WorkloadSpec spec) {
        return RunResult.builder().name(spec.name()).status(RunStatus.COMPLETED).workload(spec).tags(Map.of())
                .clientProperties(Map.of()).startTime(Instant.parse("2026-01-01T00:00:00Z"))
                .endTime(Instant.parse("2026-01-01T00:00:30Z")).environment(Environment.capture());
    }
}
