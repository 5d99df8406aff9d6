package io.kbench.merge;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.RateStage;
import io.kbench.spec.WorkloadSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The workload a merged result records at its top level: the first input's, with what the inputs ran together added
 * up (producer and consumer threads, the rate, and records when every input gave a record count) and a description
 * saying it is a merge. Faults and verification belong to each input's own run and are left out; every other field
 * (transactions, group protocol, consumer changes, share settings, ...) is the first input's. Each input's workload is
 * kept whole in {@code merge.inputs[].workload}.
 */
final class MergedWorkload {
    private static final int MAX_THREADS = 1024;

    private MergedWorkload() {
    }

    static WorkloadSpec of(String name, List<WorkloadSpec> inputs) {
        WorkloadSpec first = inputs.get(0);
        ProducerSpec p = first.producers();
        Map<String, Object> merged = new LinkedHashMap<>();
        merged.put("name", name);
        merged.put("description", "kbench merge of " + inputs.size() + " runs"
                + (first.description() == null ? "" : "; the first: " + first.description()));
        merged.put("producers.count", threads("producers.count", inputs, w -> w.producers().count()));
        merged.put("consumers.count", threads("consumers.count", inputs, w -> w.consumers().count()));
        if (p.staged()) {
            merged.put("producers.stages", stages(inputs));
        } else {
            merged.put("producers.rate",
                    p.unlimitedRate() ? null : inputs.stream().mapToDouble(w -> w.producers().rate()).sum());
        }
        merged.put("producers.records", sumIfAll(inputs, w -> w.producers().records()));
        merged.put("producers.warmupRecords", sumIfAll(inputs, w -> w.producers().warmupRecords()));
        merged.put("verify", null);
        merged.put("faults", null);
        // Through the spec's one path-based copy, so a field added to the workload is carried over unlisted.
        return first.with(merged);
    }

    /**
     * The inputs' rate stages added up, stage by stage: every input must have the same stages (load hosts of one run
     * share one workload); the merged result has no per-stage figures (docs/workloads.md#rate-stages).
     */
    private static List<RateStage> stages(List<WorkloadSpec> inputs) {
        List<RateStage> first = inputs.get(0).producers().stages();
        for (WorkloadSpec w : inputs) {
            if (!first.equals(w.producers().stages())) {
                throw InvalidInputException.field("producers.stages", w.name(),
                        "differ between the inputs; kbench merge adds up runs of the same stages");
            }
        }
        int n = inputs.size();
        return first.stream().map(s -> s.isRamp() ? RateStage.ramp(s.duration(), s.from() * n, s.to() * n)
                : RateStage.constant(s.duration(), s.rate() * n)).toList();
    }

    private static int threads(String field, List<WorkloadSpec> inputs, Function<WorkloadSpec, Integer> count) {
        int sum = inputs.stream().map(count).mapToInt(Integer::intValue).sum();
        if (sum > MAX_THREADS) {
            throw InvalidInputException.field(field, sum, "the inputs' threads add up to more than a workload may"
                    + " record (" + MAX_THREADS + ")");
        }
        return sum;
    }

    /** The sum when every input has a value, else the first input's (null when it has none). */
    private static Long sumIfAll(List<WorkloadSpec> inputs, Function<WorkloadSpec, Long> value) {
        List<Long> values = inputs.stream().map(value).toList();
        if (values.stream().allMatch(Objects::nonNull)) {
            return values.stream().mapToLong(Long::longValue).sum();
        }
        return values.get(0);
    }
}
