package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.Spread;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.spec.FaultSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One fault of a sweep point's schedule over the point's completed repetitions (each ran the same schedule on its own
 * clock): how often it fired and its recovery figures as median [min..max].
 *
 * @param index                  index in the workload's fault list
 * @param spec                   the fault as given
 * @param fired                  repetitions in which it fired
 * @param throughputRecoverySec  seconds until throughput was back within 10%, over the repetitions that recovered
 * @param p99RecoverySec         seconds until publish p99 was back within 2x, over the repetitions that recovered
 * @param notRecovered           repetitions that fired it and did not recover throughput or p99 by the end of the run
 * @param failedRecords          measured records failed or indeterminate during the fault, over the repetitions
 *                               that fired it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultSpread(int index, FaultSpec spec, int fired, Spread throughputRecoverySec, Spread p99RecoverySec,
                          int notRecovered, Spread failedRecords) {
    public FaultSpread {
        Objects.requireNonNull(spec, "spec");
    }

    /** The spread of fault {@code index} over {@code runs} (each repetition's fault results). */
    public static FaultSpread of(int index, FaultSpec spec, List<List<FaultResult>> runs) {
        List<Double> throughput = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        List<Double> failed = new ArrayList<>();
        int fired = 0;
        int notRecovered = 0;
        for (List<FaultResult> run : runs) {
            FaultResult f = run == null ? null : run.stream().filter(r -> r.index() == index).findFirst().orElse(null);
            if (f == null || f.startSec() == null) {
                continue;
            }
            fired++;
            failed.add((double) f.failedRecords());
            FaultRecovery r = f.recovery();
            if (r == null || r.note() != null) {
                continue;
            }
            if (r.throughputSec() != null) {
                throughput.add(r.throughputSec());
            }
            if (r.p99Sec() != null) {
                p99.add(r.p99Sec());
            }
            boolean p99Judged = r.baselineP99Micros() != null;
            notRecovered += r.throughputSec() == null || (p99Judged && r.p99Sec() == null) ? 1 : 0;
        }
        return new FaultSpread(index, spec, fired, spread(throughput), spread(p99), notRecovered, spread(failed));
    }

    private static Spread spread(List<Double> values) {
        return values.isEmpty() ? null : Spread.of(values);
    }
}
