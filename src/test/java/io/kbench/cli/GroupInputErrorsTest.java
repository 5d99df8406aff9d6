package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad share-group, group-protocol and consumer-change input to {@code kbench run}: exit 2, one {@code kbench: error:}
 * line naming the field, before any broker starts.
 */
class GroupInputErrorsTest {
    @TempDir
    Path dir;

    private void assertRejected(List<String> sets, String... expected) {
        String[] args = new String[sets.size() * 2 + 1];
        args[0] = "run";
        for (int i = 0; i < sets.size(); i++) {
            args[1 + 2 * i] = "--set";
            args[2 + 2 * i] = sets.get(i);
        }
        CliRun run = CliRun.leavingNothing(dir.resolve("results"), args);
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        List<String> lines = run.stderr().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as(run.transcript()).hasSize(1);
        assertThat(lines.get(0)).as(run.transcript()).startsWith("kbench: error:").contains(expected);
        assertThat(run.stdout()).as(run.transcript()).doesNotContain("cluster: starting");
    }

    @Test
    void shareModeRefusesAGroupProtocol() {
        assertRejected(List.of("consumers.mode=share", "consumers.groupProtocol=consumer"),
                "consumers.groupProtocol", "consumer", "does not apply to mode share");
    }

    @Test
    void shareModeRefusesConsumerPropertiesAShareConsumerRejects() {
        assertRejected(List.of("consumers.mode=share", "consumers.properties.group.protocol=classic"),
                "consumers.properties.group.protocol", "classic");
        assertRejected(List.of("consumers.mode=share", "consumers.properties.isolation.level=read_committed"),
                "consumers.properties.isolation.level");
    }

    @Test
    void shareSettingsOnlyInShareMode() {
        assertRejected(List.of("consumers.share.acknowledgement=explicit"), "consumers.share", "only applies to mode share");
    }

    @Test
    void explicitFractionsMustAddUpToOne() {
        assertRejected(List.of("consumers.mode=share", "consumers.share.acknowledgement=explicit",
                "consumers.share.accept=0.5", "consumers.share.release=0.2"), "consumers.share.accept", "must be 1");
        assertRejected(List.of("consumers.mode=share", "consumers.share.acknowledgement=explicit",
                "consumers.share.accept=1.5"), "consumers.share.accept", "[0, 1]");
    }

    @Test
    void fractionsNeedExplicitAcknowledgement() {
        assertRejected(List.of("consumers.mode=share", "consumers.share.release=0.1"),
                "consumers.share.release", "only applies to acknowledgement explicit");
    }

    @Test
    void deliveryCountLimitWithinKafkasBounds() {
        assertRejected(List.of("consumers.mode=share", "consumers.share.deliveryCountLimit=11"),
                "consumers.share.deliveryCountLimit", "11");
    }

    @Test
    void aChangeThatRemovesMoreConsumersThanExistIsRejected() {
        assertRejected(List.of("consumers.count=2", "consumers.changes=[{at: 5s, add: 1}, {at: 10s, remove: 4}]"),
                "consumers.changes[1].remove", "4", "more consumers than the 3 running at 10s");
    }

    @Test
    void aChangeMustAddOrRemove() {
        assertRejected(List.of("consumers.changes=[{at: 5s}]"), "consumers.changes[0].add", "exactly one of add, remove");
        assertRejected(List.of("consumers.changes=[{at: 5s, add: 1, remove: 1}]"), "consumers.changes[0]",
                "exactly one of add, remove");
    }

    @Test
    void changesOnlyForLiveConsumers() {
        assertRejected(List.of("consumers.mode=share", "consumers.changes=[{at: 5s, add: 1}]"), "consumers.changes",
                "only applies to mode live");
    }

    @Test
    void changesInTimeOrder() {
        assertRejected(List.of("consumers.changes=[{at: 10s, add: 1}, {at: 5s, add: 1}]"), "consumers.changes[1].at",
                "time order");
    }

    @Test
    void unknownGroupProtocol() {
        assertRejected(List.of("consumers.groupProtocol=streams"), "consumers.groupProtocol", "classic, consumer");
    }

    @Test
    void groupProtocolAndPropertyMustAgree() {
        assertRejected(List.of("consumers.groupProtocol=consumer", "consumers.properties.group.protocol=classic"),
                "consumers.properties.group.protocol", "contradicts");
    }

    @Test
    void aBacklogPauseNeedsExactlyOneOfSizeAndAge() {
        assertRejected(List.of("consumers.pause={after: 2s}"), "consumers.pause", "neither size nor age",
                "exactly one of size");
        assertRejected(List.of("consumers.pause={after: 2s, size: 8MiB, age: 3s}"), "consumers.pause",
                "size 8MiB and age 3s");
    }

    @Test
    void aBacklogPauseSizeHasABinaryUnit() {
        assertRejected(List.of("consumers.pause={after: 2s, size: 50MB}"), "consumers.pause.size", "'50MB'",
                "binary units");
    }

    @Test
    void aBacklogPauseNeedsWhenAndAPositiveAge() {
        assertRejected(List.of("consumers.pause={size: 8MiB}"), "consumers.pause.after", "must say when");
        assertRejected(List.of("consumers.pause={after: 2s, age: 0s}"), "consumers.pause.age", "must be > 0");
    }

    @Test
    void aBacklogPauseIsForLiveConsumersWithinTheRun() {
        assertRejected(List.of("consumers.mode=share", "consumers.pause={after: 2s, age: 3s}"), "consumers.pause",
                "only applies to mode live");
        assertRejected(List.of("consumers.changes=[{at: 5s, add: 1}]", "consumers.pause={after: 2s, age: 3s}"),
                "consumers.pause", "cannot be combined with consumers.changes");
        assertRejected(List.of("producers.duration=10s", "consumers.pause={after: 10s, age: 3s}"),
                "consumers.pause.after", "10s", "before the end of producers.duration");
    }
}
