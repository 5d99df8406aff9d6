package io.kbench.load;

import io.kbench.measure.RunMetrics;
import io.kbench.result.run.LoadCpu;
import io.kbench.spec.WorkloadSpec;
import java.util.OptionalLong;

/**
 * Each side's CPU over its measured window ({@link LoadCpu}): a driver's from its own interval lines, the Java client's
 * from kbench's JVM, read at each interval's end. Both sides in kbench's JVM share it: the JVM's CPU over both windows
 * (their union, or each alone when they do not meet) split by their records.
 */
final class SideCpu {
    private SideCpu() {
    }

    /** The figures of a whole run; null when no side measured a record or no CPU could be read. */
    static LoadCpu of(WorkloadSpec spec, RunMetrics metrics, ProducerSide producers, ConsumerFleet consumers,
                      CpuTrace jvm) {
        Window sent = spec.producers().count() == 0 ? null : Window.of(producers.firstMeasuredSendNanos(),
                producers.lastMeasuredAckNanos(), metrics.producedMeasured.records());
        Window read = consumers.isEmpty() ? null : Window.of(consumers.firstRecordNanos(), consumers.lastRecordNanos(),
                metrics.consumedMeasured.records());
        DriverStream producerDriver = producers instanceof DriverProducers d ? d.driver() : null;
        DriverStream consumerDriver = consumers.driver();
        String producerClient = spec.producers().client().text();
        String consumerClient = spec.consumers().client().text();
        LoadCpu.Side p = null;
        LoadCpu.Side c = null;
        if (sent != null && producerDriver != null) {
            p = sent.side(producerClient, LoadCpu.Process.DRIVER, producerDriver.cpu().between(sent.from, sent.to));
        }
        if (read != null && consumerDriver != null) {
            c = read.side(consumerClient, LoadCpu.Process.DRIVER, consumerDriver.cpu().between(read.from, read.to));
        }
        boolean javaSends = sent != null && producerDriver == null;
        boolean javaReads = read != null && consumerDriver == null;
        if (javaSends && javaReads) {
            OptionalLong shared = sent.to < read.from || read.to < sent.from
                    ? sum(jvm.between(sent.from, sent.to), jvm.between(read.from, read.to))
                    : jvm.between(Math.min(sent.from, read.from), Math.max(sent.to, read.to));
            long records = sent.records + read.records;
            if (shared.isPresent()) {
                p = sent.side(producerClient, LoadCpu.Process.KBENCH,
                        OptionalLong.of(Math.round((double) shared.getAsLong() * sent.records / records)));
                c = read.side(consumerClient, LoadCpu.Process.KBENCH,
                        OptionalLong.of(Math.round((double) shared.getAsLong() * read.records / records)));
            }
        } else if (javaSends) {
            p = sent.side(producerClient, LoadCpu.Process.KBENCH, jvm.between(sent.from, sent.to));
        } else if (javaReads) {
            c = read.side(consumerClient, LoadCpu.Process.KBENCH, jvm.between(read.from, read.to));
        }
        return p == null && c == null ? null : new LoadCpu(p, c);
    }

    private static OptionalLong sum(OptionalLong a, OptionalLong b) {
        return a.isPresent() && b.isPresent() ? OptionalLong.of(a.getAsLong() + b.getAsLong()) : OptionalLong.empty();
    }

    /** A side's measured window on the run's clock and its measured records. */
    private record Window(long from, long to, long records) {
        /** The window, or null when the side measured nothing. */
        static Window of(long from, long to, long records) {
            return records <= 0 || from == Long.MAX_VALUE || to == Long.MIN_VALUE || to <= from ? null
                    : new Window(from, to, records);
        }

        LoadCpu.Side side(String client, LoadCpu.Process process, OptionalLong cpuNanos) {
            return cpuNanos.isEmpty() ? null : LoadCpu.Side.of(client, process, cpuNanos.getAsLong(), records);
        }
    }
}
