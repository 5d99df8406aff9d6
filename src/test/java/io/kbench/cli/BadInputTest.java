package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input through the CLI, for every command that runs load: exit 2, exactly one stderr line naming the field and the
 * value, nothing on stdout (no header), no broker process started, in well under 5 s. Kafka's own definitions judge
 * client, broker and topic properties, their names as well as their values.
 */
class BadInputTest {
    private static final Duration FAST = Duration.ofSeconds(5);
    private static final String[] PRODUCE = {"produce", "--topic", "t", "--num-records", "10", "--throughput", "-1"};

    @TempDir
    Path dir;

    private CliRun kbench(String... args) {
        return CliRun.leavingNothing(dir.resolve("results"), args);
    }

    private static String[] produce(String... more) {
        List<String> all = new ArrayList<>(List.of(PRODUCE));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static void assertInputError(CliRun run, String... expected) {
        run.assertOneErrorLine(2, FAST, expected);
    }

    @Test
    void invalidAcks() {
        assertInputError(kbench(produce("--record-size", "10", "--producer-props", "acks=banana")),
                "--producer-props acks", "banana", "all, -1, 0, 1");
        assertInputError(kbench("run", "--set", "producers.properties.acks=banana"), "producers.properties.acks", "banana");
    }

    @Test
    void unknownCompressionCodec() {
        assertInputError(kbench("run", "--set", "producers.properties.compression.type=foo"),
                "producers.properties.compression.type", "foo", "zstd");
    }

    @Test
    void invalidClientPropertiesFromFilesAndConnectionFlags() throws IOException {
        Path producerFile = Files.writeString(dir.resolve("producer.properties"), "linger.ms=soon\n");
        assertInputError(kbench(produce("--record-size", "10", "--producer.config", producerFile.toString())),
                "--producer.config", "linger.ms", "soon");
        assertInputError(kbench("run", "--command-property", "security.protocol=FOO"),
                "--command-property security.protocol", "FOO");
        Path consumerFile = Files.writeString(dir.resolve("consumer.properties"), "max.poll.records=0\n");
        assertInputError(kbench("consume", "--topic", "t", "--messages", "10", "--consumer.config", consumerFile.toString()),
                "--consumer.config", "max.poll.records", "0");
    }

    @Test
    void clientPropertiesKafkaRefusesTogether() {
        // each value is valid alone; ProducerConfig refuses the combination
        assertInputError(kbench(produce("--record-size", "10", "--producer-props", "enable.idempotence=true", "acks=0")),
                "producers.properties", "acks");
    }

    @Test
    void unknownPropertyNamesAreRefusedWithTheNearestKafkaName() throws IOException {
        // Kafka itself only warns; a typo would benchmark the default without a word (issue 42).
        assertInputError(kbench("run", "--dry-run", "--set", "producers.properties.lingr.ms=5"),
                "producers.properties.lingr.ms: not a Kafka producer config; did you mean linger.ms?", "uncheckedProperties",
                "(got 5)");
        assertInputError(kbench("run", "--dry-run", "--set", "consumers.properties.fetch.min.byte=1"),
                "consumers.properties.fetch.min.byte", "did you mean fetch.min.bytes?");
        assertInputError(kbench(produce("--record-size", "10", "--producer-props", "lingr.ms=5")),
                "--producer-props lingr.ms", "did you mean linger.ms?", "pass --unchecked-property lingr.ms");
        Path consumerFile = Files.writeString(dir.resolve("typo.properties"), "fetch.min.byte=1\n");
        assertInputError(kbench("consume", "--topic", "t", "--messages", "10", "--consumer.config", consumerFile.toString()),
                "--consumer.config", "fetch.min.byte", "did you mean fetch.min.bytes?");
        assertInputError(kbench("run", "--command-property", "request.timeout=5000"),
                "--command-property request.timeout", "did you mean request.timeout.ms?");
        assertInputError(kbench("run", "--broker-config", "num.io.thread=4"), "--broker-config num.io.thread",
                "did you mean num.io.threads?");
    }

    @Test
    void pluginNamesPassWhenListed() {
        CliRun run = kbench("run", "--dry-run", "--set", "producers.properties.my.interceptor.setting=x",
                "--set", "consumers.properties.another.plugin.key=y",
                "--set", "uncheckedProperties=[my.interceptor.setting, another.plugin.]",
                "--broker-config", "my.plugin.key=z", "--unchecked-property", "my.plugin.key");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stderr()).as(run.transcript()).isBlank();
        assertThat(run.stdout()).as(run.transcript()).contains("uncheckedProperties");
        // a name Kafka defines is not for the list: listing it would switch off the check of its typos' neighbour
        assertInputError(kbench("run", "--dry-run", "--unchecked-property", "linger.ms"),
                "--unchecked-property", "is a Kafka producer config", "(got linger.ms)");
    }

    /** Issue 42: sweep (any point, --dry-run too) and find-max refuse a misspelt name before anything starts, as run. */
    @Test
    void misspeltNamesInASweepOrFindMaxAreRefusedBeforeAnythingStarts() throws IOException {
        Files.writeString(dir.resolve("base.yaml"), "name: b\nproducers: {records: 100}\n");
        Path sweep = Files.writeString(dir.resolve("sweep.yaml"), "name: s\nworkload: base.yaml\n"
                + "axes:\n  producers.properties.lingr.ms: [0, 5]\n");
        assertInputError(kbench("sweep", sweep.toString(), "--dry-run"),
                "producers.properties.lingr.ms: not a Kafka producer config; did you mean linger.ms?", "(got 0)");
        assertInputError(kbench("sweep", sweep.toString()), "producers.properties.lingr.ms", "did you mean linger.ms?");
        assertInputError(kbench("find-max", "--dry-run", "--set", "consumers.properties.fetch.mni.bytes=1"),
                "consumers.properties.fetch.mni.bytes: not a Kafka consumer config; did you mean fetch.min.bytes?");
        assertInputError(kbench("find-max", "--set", "topic.configs.retention.msec=1000"),
                "topic.configs.retention.msec", "did you mean retention.ms?", "(got 1000)");
    }

    /** The control cluster's client file of a distributed run is checked as --command-config is. */
    @Test
    void misspeltNamesInTheControlClustersFileAreRefused() throws IOException {
        Path control = Files.writeString(dir.resolve("control.properties"), "sasl.mechansim=PLAIN\n");
        assertInputError(CliRun.of("worker", "--bootstrap-server", "127.0.0.1:1", "--control-bootstrap-server",
                "127.0.0.1:1", "--control-command-config", control.toString()), "--control-command-config",
                "sasl.mechansim: not a Kafka client config (producer, consumer or admin); did you mean sasl.mechanism?");
        assertInputError(kbench("run", "--dry-run", "--local-workers", "1", "--control-bootstrap-server", "127.0.0.1:1",
                "--control-command-config", control.toString()), "did you mean sasl.mechanism?");
    }

    /**
     * On run, sweep and find-max --unchecked-property also lets the workload's own maps carry the name: it joins the
     * workload's uncheckedProperties, which the resolved workload (and so result.json) shows.
     */
    @Test
    void theFlagListsAPluginsNameForTheWorkloadsMapsToo() throws IOException {
        CliRun run = kbench("run", "--dry-run", "--set", "producers.properties.my.interceptor.rate=5",
                "--set", "uncheckedProperties=[other.plugin.]", "--unchecked-property", "my.interceptor.rate");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).containsSubsequence("uncheckedProperties:", "other.plugin.",
                "my.interceptor.rate");
        Files.writeString(dir.resolve("plugin.yaml"), "name: p\nproducers: {records: 100, properties:"
                + " {my.interceptor.rate: 5}}\n");
        Path sweep = Files.writeString(dir.resolve("plugin-sweep.yaml"), "name: s\nworkload: plugin.yaml\n"
                + "axes:\n  producers.properties.linger.ms: [0, 5]\n");
        assertInputError(kbench("sweep", sweep.toString(), "--dry-run"), "producers.properties.my.interceptor.rate",
                "list it in uncheckedProperties");
        CliRun swept = kbench("sweep", sweep.toString(), "--dry-run", "--unchecked-property", "my.interceptor.rate");
        assertThat(swept.exitCode()).as(swept.transcript()).isZero();
        assertThat(swept.stdout()).as(swept.transcript()).containsSubsequence("uncheckedProperties:",
                "- my.interceptor.rate");
        CliRun findMax = kbench("find-max", dir.resolve("plugin.yaml").toString(), "--dry-run", "--unchecked-property",
                "my.interceptor.rate");
        assertThat(findMax.exitCode()).as(findMax.transcript()).isZero();
        assertThat(findMax.stdout()).as(findMax.transcript()).containsSubsequence("uncheckedProperties:",
                "- my.interceptor.rate");
    }

    @Test
    void didYouMeanForFlagsAndCommands() {
        CliRun flag = kbench("run", "--bootstrap-servers", "127.0.0.1:9092");
        assertInputError(flag, "Unknown option: '--bootstrap-servers'; did you mean --bootstrap-server?");
        CliRun command = CliRun.of("rn");
        assertInputError(command, "'rn'; did you mean run?");
        CliRun far = CliRun.of("run", "--no-such-option");
        assertInputError(far, "--no-such-option");
        assertThat(far.stderr()).as(far.transcript()).doesNotContain("did you mean");
    }

    @Test
    void zeroThroughputNamesTheFlag() {
        assertInputError(kbench("produce", "--topic", "t", "--num-records", "10", "--record-size", "10",
                "--throughput", "0"), "--throughput", "0");
    }

    @Test
    void aByteSizeKafkaRefusesGetsTheNumberToWriteOnlyWhenWrittenWithAUnit() {
        CliRun plain = kbench("run", "--dry-run", "--set", "topic.configs.segment.bytes=262144");
        assertInputError(plain, "topic.configs.segment.bytes", "262144", "at least 1048576");
        assertThat(plain.stderr()).doesNotContain("plain number of bytes");
        assertInputError(kbench("run", "--dry-run", "--set", "topic.configs.segment.bytes=256Ki"),
                "topic.configs.segment.bytes", "Kafka takes a plain number of bytes here, e.g. 262144 for 256Ki");
    }

    @Test
    void malformedBootstrapAddress() {
        assertInputError(kbench("run", "--bootstrap-server", "foo"), "bootstrap.servers", "foo");
    }

    @Test
    void dryRunMakesTheSameChecks() {
        assertInputError(kbench("run", "--dry-run", "--broker-config", "num.io.threads=0"), "num.io.threads", "0");
        assertInputError(kbench("run", "--dry-run", "--set", "producers.properties.acks=0",
                "--set", "producers.properties.enable.idempotence=true"), "acks");
    }

    @Test
    void negativeRecordSize() {
        assertInputError(kbench(produce("--record-size", "-5")), "--record-size", "-5");
        assertInputError(kbench("run", "--set", "producers.recordSize=-5"), "producers.recordSize", "-5");
    }

    @Test
    void hugeRecordSize() {
        assertInputError(kbench(produce("--record-size", "2000000000")), "--record-size", "2000000000");
        assertInputError(kbench("run", "--set", "producers.recordSize=999999999"), "producers.recordSize", "999999999");
    }

    @Test
    void nonNumericCounts() {
        assertInputError(kbench("produce", "--topic", "t", "--num-records", "lots", "--record-size", "10",
                "--throughput", "-1"), "--num-records", "lots");
        assertInputError(kbench("run", "--set", "producers.records=lots"), "producers.records", "lots");
        assertInputError(kbench("run", "--brokers", "two"), "--brokers", "two");
    }

    @Test
    void sizesTakeBinaryUnitsAndOtherwiseSayWhichFormsTheyTake() {
        CliRun ok = kbench("run", "--dry-run", "--set", "producers.recordSize=1Ki");
        assertThat(ok.exitCode()).as(ok.transcript()).isZero();
        assertThat(ok.stdout()).as(ok.transcript()).contains("bytes: 1024");
        assertInputError(kbench(produce("--record-size", "1K")), "--record-size", "64Ki", "got 1K");
        assertInputError(kbench("consume", "--topic", "t", "--messages", "10", "--fetch-size", "lots"), "--fetch-size",
                "64Ki", "got lots");
        assertInputError(kbench("run", "--set", "cluster.limits.memory=2GB"), "cluster.limits.memory", "2Gi", "got 2GB");
        // Kafka reads its own properties and takes plain numbers; the error gives the number to write
        assertInputError(kbench("run", "--set", "producers.properties.batch.size=64Ki"),
                "producers.properties.batch.size", "65536", "got 64Ki");
    }

    @Test
    void flagValuesOfTheWrongTypeSayWhatIsExpectedWithoutJava() {
        CliRun run = kbench("run", "--brokers", "two");
        assertInputError(run, "--brokers: expected a whole number (got two)");
        assertThat(run.stderr()).doesNotContain("int").doesNotContain("java");
        assertInputError(kbench(produce("--record-size", "10", "--throughput", "fast")),
                "--throughput: expected a number (got fast)");
    }

    @Test
    void badTopicName() {
        assertInputError(kbench("produce", "--topic", "has space", "--num-records", "10", "--throughput", "-1",
                "--record-size", "10"), "--topic", "has space");
        assertInputError(kbench("run", "--set", "topic.name=.."), "topic.name", "..");
    }

    @Test
    void invalidTopicConfig() {
        assertInputError(kbench("run", "--set", "topic.configs.cleanup.policy=sometimes"), "topic.configs.cleanup.policy",
                "sometimes");
    }

    @Test
    void missingOrEmptyPayloadFile() throws IOException {
        assertInputError(kbench(produce("--payload-file", dir.resolve("nope.txt").toString())),
                "--payload-file", "nope.txt");
        Path empty = Files.writeString(dir.resolve("empty.txt"), "");
        assertInputError(kbench(produce("--payload-file", empty.toString())), "producers.payload.file", "empty.txt");
    }

    @Test
    void malformedYaml() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.yaml"), "topic:\n  partitions: 3\n producers: [\n");
        assertInputError(kbench("run", f.toString()), "malformed YAML", "bad.yaml");
    }

    @Test
    void unknownKeyYaml() throws IOException {
        Path f = Files.writeString(dir.resolve("unknown.yaml"), "producers:\n  rat: 5\n");
        assertInputError(kbench("run", f.toString()), "unknown key 'producers.rat'; did you mean rate? (known keys here:");
        assertInputError(kbench("run", "--set", "producer.rate=5"), "unknown key 'producer'; did you mean producers?");
    }

    /** Jackson builds a record before it reports unknown keys: the unknown key is still what the line names. */
    @Test
    void anUnknownKeyInsideAValidatedRecordIsNamedBeforeTheRecordsOwnComplaint() throws IOException {
        Path f = Files.writeString(dir.resolve("unknown-size.yaml"), "producers: {rate: 10, recordSize: {a: 1}}\n");
        assertInputError(kbench("run", "--dry-run", f.toString()), "unknown key 'producers.recordSize.a'",
                "known keys here: bytes, max, mean, min, stddev");
        assertInputError(kbench("run", "--dry-run", "--set", "producers.recordSize={min: 1, a: 1}"),
                "unknown key 'producers.recordSize.a'");
        // A mapping of known keys still gets the record's own reason.
        assertInputError(kbench("run", "--dry-run", "--set", "producers.recordSize={min: 10}"),
                "producers.recordSize", "needs both min and max");
    }

    @Test
    void invalidBrokerProperty() throws IOException {
        assertInputError(kbench("run", "--broker-config", "num.io.threads=0"), "--broker-config num.io.threads", "0");
        assertInputError(kbench("run", "--set", "cluster.brokerConfig.log.segment.bytes=12"),
                "cluster.brokerConfig.log.segment.bytes", "12");
        Path file = Files.writeString(dir.resolve("server.properties"), "num.network.threads=many\n");
        assertInputError(kbench("run", "--broker-config-file", file.toString()), "num.network.threads", "many");
    }

    @Test
    void invalidBrokerPropertyInASweepAxisOrFindMax() throws IOException {
        Path base = Files.writeString(dir.resolve("base.yaml"), "name: b\nproducers: {records: 100}\n");
        Path sweep = Files.writeString(dir.resolve("sweep.yaml"), "name: s\nworkload: base.yaml\n"
                + "axes:\n  cluster.brokerConfig.num.io.threads: [4, 0]\n");
        assertInputError(kbench("sweep", sweep.toString()), "cluster.brokerConfig.num.io.threads", "0");
        assertInputError(kbench("find-max", base.toString(), "--sla", "publish.p99<100ms", "--broker-config",
                "compression.type=foo"), "--broker-config compression.type", "foo");
    }

    @Test
    void unreachableBootstrapServerFailsInBoundedTimeWithoutHeader() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // free, and closed once this block ends
        }
        CliRun run = kbench("run", "--bootstrap-server", "127.0.0.1:" + port);
        run.assertOneErrorLine(1, Duration.ofSeconds(15), "cannot reach Kafka at 127.0.0.1:" + port);
    }

    @Test
    void unreachableBootstrapServerStopsASweepOnceNotPerRepetition() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Files.writeString(dir.resolve("base.yaml"), "name: b\ntopic: {create: false}\nproducers: {records: 100}\n"
                + "consumers: {mode: none}\n");
        Path sweep = Files.writeString(dir.resolve("sweep.yaml"), "name: s\nworkload: base.yaml\nrepeat: 3\n"
                + "axes:\n  producers.rate: [100, 200]\n");
        CliRun run = kbench("sweep", sweep.toString(), "--bootstrap-server", "127.0.0.1:" + port);
        run.assertOneErrorLine(1, Duration.ofSeconds(15), "cannot reach Kafka at 127.0.0.1:" + port);
    }
}
