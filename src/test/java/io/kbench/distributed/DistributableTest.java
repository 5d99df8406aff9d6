package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.driver.DriverBuild;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a workload run by workers may hold: the same check on the coordinator and, again, on every worker. */
class DistributableTest {
    /** The quick start with a fixed warm-up (its auto warm-up is refused, see below), then {@code sets}. */
    private static WorkloadSpec spec(String... sets) {
        List<String> all = new java.util.ArrayList<>(List.of("producers.warmupDuration=5s"));
        all.addAll(List.of(sets));
        return new SpecLoader().load(null, all, List.of());
    }

    @Test
    void anAutoWarmupIsRefusedWithTheFixedOneToGive() {
        assertThatThrownBy(() -> Distributable.checkPlan(new SpecLoader().load(null, List.of(), List.of())))
                .isInstanceOf(InvalidInputException.class).hasMessageContainingAll("producers.warmup", "auto",
                        "producers.warmupDuration=5s");
    }

    private static void refused(WorkloadSpec spec, String... named) {
        assertThatThrownBy(() -> Distributable.checkPlan(spec)).isInstanceOf(InvalidInputException.class)
                .hasMessageContainingAll(named).hasMessageNotContaining("\n");
    }

    @Test
    void aDriverClientPassesAndAWorkerWithoutItsDriverBuiltRefusesItsSlice(@TempDir Path emptyCache) {
        WorkloadSpec franz = spec("producers.client=franz-go", "consumers.client=librdkafka", "consumers.mode=live");
        assertThatCode(() -> Distributable.checkPlan(franz)).doesNotThrowAnyException();
        DriverBuild nothingBuilt = new DriverBuild(emptyCache);
        assertThatThrownBy(() -> Worker.checkDrivers(nothingBuilt, franz, new Message.Slice("w1", 0, 0, 1, 0, 1)))
                .isInstanceOf(InvalidInputException.class).hasMessageNotContaining("\n")
                .hasMessageContainingAll("producers.client", "franz-go", "kbench drivers build franz-go");
        // A slice without producers needs no producer driver; its consumers need theirs.
        assertThatThrownBy(() -> Worker.checkDrivers(nothingBuilt, franz, new Message.Slice("w1", 0, 0, 0, 0, 1)))
                .hasMessageContainingAll("consumers.client", "librdkafka");
        assertThatCode(() -> Worker.checkDrivers(nothingBuilt, spec(), new Message.Slice("w1", 0, 0, 1, 0, 1)))
                .doesNotThrowAnyException();
    }

    @Test
    void tuningPropertiesPass() {
        assertThatCode(() -> Distributable.checkPlan(spec("producers.properties.acks=1", "producers.properties.linger.ms=5",
                "producers.properties.batch.size=65536", "producers.properties.compression.type=lz4",
                "consumers.mode=live", "consumers.properties.fetch.min.bytes=1024"))).doesNotThrowAnyException();
    }

    @Test
    void connectionSecurityAndClassLoadingPropertiesAreRefusedByNameNotValue() {
        refused(spec("producers.properties.bootstrap.servers=evil:9092"), "producers.properties", "bootstrap.servers");
        refused(spec("producers.properties.ssl.endpoint.identification.algorithm="), "ssl.endpoint.identification.algorithm");
        refused(spec("producers.properties.interceptor.classes=com.evil.Steal"), "interceptor.classes");
        refused(spec("consumers.mode=live", "consumers.properties.ssl.engine.factory.class=com.evil.Engine"),
                "consumers.properties", "ssl.engine.factory.class");
        WorkloadSpec jaas = spec("producers.properties.sasl.jaas.config=x required password=\"hunter2\";");
        refused(jaas, "sasl.jaas.config");
        assertThatThrownBy(() -> Distributable.checkPlan(jaas)).hasMessageNotContaining("hunter2");
    }

    /**
     * A key holder's plan may not make a worker allocate or wait without bound: each sizing and timing property has a
     * bound, and the refusal names the property, the bound and the value (a size or time is never a secret). Before
     * the bounds a 64 GiB buffer.memory and a batch.size of 2 GiB were handed to the worker's producers.
     */
    @Test
    void sizesAndTimesBeyondTheirBoundsAreRefusedWithTheValueAndTheBound() {
        refused(spec("producers.properties.buffer.memory=68719476736"), "producers.properties.buffer.memory",
                "at most 268435456 (256 MiB) for a distributed run", "68719476736");
        refused(spec("producers.properties.batch.size=2147483647"), "producers.properties.batch.size",
                "at most 16777216 (16 MiB)", "2147483647");
        refused(spec("producers.properties.max.block.ms=9223372036854775807"), "producers.properties.max.block.ms",
                "at most 3600000 (1 h)");
        refused(spec("consumers.mode=live", "consumers.properties.fetch.max.bytes=1073741824"),
                "consumers.properties.fetch.max.bytes", "at most 67108864 (64 MiB)", "1073741824");
        refused(spec("producers.properties.send.buffer.bytes= 99999999999 "), "producers.properties.send.buffer.bytes",
                "99999999999");
        refused(spec("producers.properties.buffer.memory=lots"), "producers.properties.buffer.memory",
                "must be a whole number", "lots");
        assertThatCode(() -> Distributable.checkPlan(spec("producers.properties.buffer.memory=268435456",
                "producers.properties.batch.size=1048576", "producers.properties.linger.ms=3600000",
                "producers.properties.send.buffer.bytes=-1", "consumers.mode=live",
                "consumers.properties.max.partition.fetch.bytes=16777216"))).as("at the bounds, and the OS default")
                .doesNotThrowAnyException();
    }

    @Test
    void theCoordinatorRefusesTheSameBoundsBeforeTheRunNamingItsFlags() {
        assertThatThrownBy(() -> Distributable.check(spec("producers.properties.buffer.memory=68719476736"),
                "--workers/--local-workers")).isInstanceOf(InvalidInputException.class)
                .hasMessage("producers.properties.buffer.memory: at most 268435456 (256 MiB) for"
                        + " --workers/--local-workers: each worker's host would allocate or wait for it"
                        + " (docs/distributed.md) (got 68719476736)");
    }

    /**
     * Each property within its bound is not yet a bounded worker: 64 producers at 256 MiB of buffer each would let one
     * host hold 16 GiB. One worker's share, its producer threads times buffer.memory (Kafka's default when unset),
     * is bounded by 4 GiB and its threads by 256: the coordinator checks the largest share before the run, with the
     * flag it came from, and every worker its own share of the plan it is given.
     */
    @Test
    void oneWorkersShareOfThreadsAndProducerBuffersIsBounded() {
        String by = "--workers/--local-workers";
        WorkloadSpec big = spec("producers.count=32", "producers.properties.buffer.memory=268435456");
        assertThatThrownBy(() -> Distributable.checkShares(big, 1, by)).isInstanceOf(InvalidInputException.class)
                .hasMessage("producers.count 32, consumers.count 1 over 1 worker(s): 32 producer(s) x buffer.memory 268435456 = 8589934592"
                        + " bytes on one worker; at most 4294967296 (4 GiB) for --workers/--local-workers (lower"
                        + " producers.properties.buffer.memory or add workers; docs/distributed.md)");
        assertThatCode(() -> Distributable.checkShares(big, 2, by)).as("16 x 256 MiB: at the bound")
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> Distributable.checkShares(spec("producers.count=129"), 1, by))
                .hasMessageContainingAll("129 producer(s) x buffer.memory 33554432 (Kafka's default)", "4 GiB");
        assertThatCode(() -> Distributable.checkShares(spec("producers.count=129"), 2, by)).doesNotThrowAnyException();
        WorkloadSpec many = spec("producers.count=200", "producers.properties.buffer.memory=1048576", "consumers.mode=live",
                "consumers.count=100");
        assertThatThrownBy(() -> Distributable.checkShares(many, 1, by))
                .hasMessage("producers.count 200, consumers.count 100 over 1 worker(s): 300 producer and consumer threads"
                        + " on one worker; at most 256 for --workers/--local-workers (add workers; docs/distributed.md)");
        assertThatCode(() -> Distributable.checkShares(many, 2, by)).doesNotThrowAnyException();
    }

    /** A forged plan that hands one worker every thread of a workload sized for many is refused by that worker. */
    @Test
    void aWorkerRefusesAShareBeyondTheBoundsEvenIfThePlanSaysSo() {
        WorkloadSpec spec = spec("producers.count=200");
        Message.Assign forged = new Message.Assign("r", spec, "kbench-r", 1, 1,
                List.of(new Message.Slice("w1", 0, 0, 200, 0, 0)));
        assertThatThrownBy(() -> Worker.checkSlice(forged, forged.slices().get(0))).isInstanceOf(InvalidInputException.class)
                .hasMessageContainingAll("slice 0 (worker w1)", "200 producer(s)", "for a distributed run");
        Message.Assign fair = new Message.Assign("r", spec, "kbench-r", 1, 1,
                List.of(new Message.Slice("w1", 0, 0, 100, 0, 0), new Message.Slice("w2", 1, 100, 100, 0, 0)));
        assertThatCode(() -> Worker.checkSlice(fair, fair.slices().get(1))).doesNotThrowAnyException();
    }

    @Test
    void aPlanThatWouldReadAFileOrVariableIsRefused() {
        refused(spec().with("producers.payload", java.util.Map.of("type", "file", "file", "/etc/kbench/client/client.properties")),
                "producers.payload.type", "read a file");
        refused(spec("producers.payloadEncryption.keyFile=/etc/passwd"), "producers.payloadEncryption");
        refused(spec("producers.payloadEncryption.keyEnv=HOME"), "producers.payloadEncryption");
    }

    @Test
    void theCoordinatorsLimitsAreCheckedAgain() {
        refused(spec("verify=true", "producers.recordSize=64"), "verify");
        refused(spec("consumers.mode=backlog", "producers.count=0", "consumers.records=10"), "consumers.mode");
        refused(spec("clientJavaHome=/opt/jdk"), "clientJavaHome");
        refused(spec("clients.kafkaVersion=3.9.1"), "clients.kafkaVersion", "3.9.1", "the Kafka client it was built with");
    }

    @Test
    void theWorkloadSentToWorkersCarriesNoClusterSettingsOrClientJdk() {
        WorkloadSpec spec = spec("cluster.brokerConfig.ssl.keystore.password=s3cret", "clientJavaHome=/opt/jdk");
        WorkloadSpec sent = Distributable.forWorkers(spec);
        assertThat(sent.cluster().brokerConfig()).isEmpty();
        assertThat(sent.clientJavaHome()).isNull();
        assertThat(ControlCodec.encode(new Message.Assign("r", sent, "g", 1, 1, List.of(new Message.Slice("w", 0, 0, 1, 0, 0)))))
                .doesNotContain("s3cret").doesNotContain("/opt/jdk");
        assertThat(sent.producers()).isEqualTo(spec.producers());
    }

    @Test
    void aClusterPartNamingPathsOnThisHostIsLeftOutToo() {
        WorkloadSpec spec = spec("cluster.tieredStorage.remoteStorageManager=com.example.Rsm",
                "cluster.tieredStorage.classPath=[/opt/rsm/rsm.jar]");
        WorkloadSpec sent = Distributable.forWorkers(spec);
        assertThat(sent.cluster().tieredStorage()).isNull();
        assertThat(ControlCodec.encode(new Message.Assign("r", sent, "g", 1, 1, List.of(new Message.Slice("w", 0, 0, 1, 0, 0)))))
                .doesNotContain("/opt/rsm");
    }
}
