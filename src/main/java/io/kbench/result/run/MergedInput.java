package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.spec.WorkloadSpec;
import java.time.Instant;
import java.util.Objects;

/**
 * One run of a merged result, as its own result.json had it: the per-input breakdown of {@code kbench merge}.
 *
 * @param dir         the result directory as given to kbench merge
 * @param name        its workload name
 * @param status      how it ended
 * @param failure     why, when it did not complete
 * @param startTime   its wall-clock start
 * @param endTime     its wall-clock end
 * @param environment its load generator (versions, CPU, cores)
 * @param cluster     the cluster it ran against
 * @param workload    its resolved workload
 * @param summary     its own headline figures
 * @param integrity   its verification verdict, when it was verified (the merged result carries none)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MergedInput(String dir, String name, RunStatus status, String failure, Instant startTime, Instant endTime,
                          Environment environment, ClusterInfo cluster, WorkloadSpec workload, Summary summary,
                          IntegrityVerdict integrity) {
    public MergedInput {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(summary, "summary");
    }
}
