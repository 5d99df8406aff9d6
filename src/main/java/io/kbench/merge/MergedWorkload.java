package io.kbench.merge;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.ConsumerSpec;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.WorkloadSpec;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The workload a merged result records at its top level: the first input's, with what the inputs ran together added
 * up (producer and consumer threads, the rate, and records when every input gave a record count) and a description
 * saying it is a merge. Faults and
 * verification belong to each input's own run and are left out; each input's workload is kept whole in
 * {@code merge.inputs[].workload}.
 */
final class MergedWorkload {
    private static final int MAX_THREADS = 1024;

    private MergedWorkload() {
    }

    static WorkloadSpec of(String name, List<WorkloadSpec> inputs) {
        WorkloadSpec first = inputs.get(0);
        ProducerSpec p = first.producers();
        ConsumerSpec c = first.consumers();
        int producers = threads("producers.count", inputs, w -> w.producers().count());
        int consumers = threads("consumers.count", inputs, w -> w.consumers().count());
        Double rate = p.unlimitedRate() ? null : inputs.stream().mapToDouble(w -> w.producers().rate()).sum();
        ProducerSpec merged = new ProducerSpec(producers, rate, sumIfAll(inputs, w -> w.producers().records()),
                p.records() == null ? p.duration() : null, sumIfAll(inputs, w -> w.producers().warmupRecords()),
                p.warmupRecords() == null ? p.warmupDuration() : null, p.recordSize(), p.keys(), p.payload(),
                p.properties(), p.payloadEncryption());
        ConsumerSpec mergedConsumers = new ConsumerSpec(c.mode(), consumers, c.group(), c.records(), c.idleTimeout(),
                c.properties(), c.topicPattern());
        String description = "kbench merge of " + inputs.size() + " runs"
                + (first.description() == null ? "" : "; the first: " + first.description());
        return new WorkloadSpec(name, description, first.topic(), merged, mergedConsumers, first.cluster(),
                first.reportInterval(), null, List.of(), first.clientJavaHome());
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
