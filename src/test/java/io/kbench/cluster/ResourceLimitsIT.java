package io.kbench.cluster;

import static io.kbench.cluster.ClusterTestSupport.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.commons.io.output.NullOutputStream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** Emulated hardware on real brokers: the limits are in the kernel's cgroup files and hold under load. */
// Runs beside other ITs: the limits are read from the kernel's files, and a loaded machine only writes slower than a
// throttle allows, never faster.
class ResourceLimitsIT {
    private static final PrintStream QUIET = new PrintStream(NullOutputStream.INSTANCE);

    /** The directory of {@code controller}'s cgroup that holds {@code pid} (cgroup v1), read from /proc. */
    private static Path cgroupOf(long pid, String controller) throws IOException {
        Optional<String> line = Files.readAllLines(Path.of("/proc/" + pid + "/cgroup")).stream()
                .filter(l -> l.split(":", 3)[1].equals(controller)).findFirst();
        assertThat(line).as("pid " + pid + " in a " + controller + " cgroup").isPresent();
        return Cgroups.ROOT.resolve(controller).resolve(line.get().split(":", 3)[2].substring(1));
    }

    private static long readLong(Path file) throws IOException {
        return Long.parseLong(Files.readString(file).trim());
    }

    /** Sends random (incompressible) 64 KiB records for {@code seconds}; returns the bytes acknowledged. */
    private static long produce(String bootstrap, String topic, double seconds, long maxBytes) throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "1");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(256 * 1024));
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(1 << 20));
        byte[] value = new byte[64 * 1024];
        new Random(7).nextBytes(value);
        long acked = 0;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            java.util.List<java.util.concurrent.Future<?>> inFlight = new java.util.ArrayList<>();
            while (System.nanoTime() < end && acked < maxBytes) {
                inFlight.add(producer.send(new ProducerRecord<>(topic, value)));
                if (inFlight.size() == 64) {
                    for (java.util.concurrent.Future<?> f : inFlight) {
                        f.get();
                        acked += value.length;
                    }
                    inFlight.clear();
                }
            }
            for (java.util.concurrent.Future<?> f : inFlight) {
                f.get();
                acked += value.length;
            }
        }
        return acked;
    }

    private static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    @Test
    void aMemoryLimitedBrokerStaysInsideItsLimitWhileWritingMoreThanIt() throws Exception {
        assumeTrue(Files.isWritable(Cgroups.ROOT.resolve("memory")), "needs a writable cgroup v1 memory controller");
        long limit = 640L << 20;
        try (EmbeddedCluster cluster = EmbeddedCluster.start(params(1, Map.of())
                .withLimits(new ResourceLimits(null, null, limit, null, null, null, null)), true, QUIET)) {
            Path group = cgroupOf(cluster.pids().get(0), "memory");
            assertThat(group.toString()).contains("/kbench/");
            assertThat(readLong(group.resolve("memory.limit_in_bytes"))).isEqualTo(limit);

            long acked = produce(cluster.bootstrapServers(), "mem", 120, 900L << 20);

            assertThat(acked).as("more data than the limit was written").isGreaterThan(limit);
            assertThat(sizeOf(cluster.dataDir())).isGreaterThan(limit);
            assertThat(readLong(group.resolve("memory.max_usage_in_bytes"))).as("peak usage, page cache included")
                    .isLessThanOrEqualTo(limit);
            assertThat(readLong(group.resolve("memory.failcnt"))).as("the limit was reached and held").isPositive();
        }
    }

    @Test
    void aDiskThrottledBrokerWritesNoFasterThanItsLimit() throws Exception {
        assumeTrue(Files.isWritable(Cgroups.ROOT.resolve("blkio")), "needs a writable cgroup v1 blkio controller");
        long limit = 2L << 20;
        // cgroup v1 throttles the writes a process makes itself (fsync, direct I/O), not the kernel's later writeback of
        // its page cache: flushing every message makes every write the broker's own (docs/cluster.md says so).
        try (EmbeddedCluster cluster = EmbeddedCluster.start(params(1, Map.of("log.flush.interval.messages", "1"))
                .withLimits(new ResourceLimits(null, null, null, null, limit, null, null)), true, QUIET)) {
            Path group = cgroupOf(cluster.pids().get(0), "blkio");
            String device = BlockDevice.of(cluster.dataDir());
            assertThat(Files.readString(group.resolve("blkio.throttle.write_bps_device")).trim()).isEqualTo(device + " " + limit);

            long t0 = System.nanoTime();
            long acked = produce(cluster.bootstrapServers(), "disk", 8, Long.MAX_VALUE);
            double seconds = (System.nanoTime() - t0) / 1e9;

            double ackedPerSec = acked / seconds;
            assertThat(acked).as("something was written").isGreaterThan(1L << 20);
            // The first second may land before the throttle's budget is spent; allow one second of slack.
            assertThat(ackedPerSec).as("acknowledged bytes/s against a %d bytes/s limit", limit)
                    .isLessThanOrEqualTo(limit * (seconds + 1) / seconds * 1.15);
        }
    }
}
