package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.ConsumerMode;
import io.kbench.spec.GroupProtocol;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The share-group and rebalance scenarios load, and every point passes Kafka's own checks. */
class GroupScenariosTest {
    @Test
    void shareGroupScenarioRunsMoreShareConsumersThanPartitionsWithAnAcknowledgementMix() {
        WorkloadSpec spec = new SpecLoader().load(Path.of("scenarios/share-group.yaml"), List.of());
        KafkaConfigCheck.workload(spec);
        assertThat(spec.consumers().mode()).isEqualTo(ConsumerMode.SHARE);
        assertThat(spec.consumers().count()).isGreaterThan(spec.topic().partitions());
        assertThat(spec.consumers().share().release()).isPositive();
    }

    @Test
    void rebalanceScenarioSweepsBothProtocolsWithTheSameChanges() {
        SweepDesign design = SweepDesign.load(Path.of("scenarios/rebalance-protocols.yaml"));
        List<WorkloadSpec> points = design.points().stream().map(p -> design.workload(p, null)).toList();
        points.forEach(KafkaConfigCheck::workload);
        assertThat(points).extracting(w -> w.consumers().groupProtocol())
                .containsExactly(GroupProtocol.CLASSIC, GroupProtocol.CONSUMER);
        assertThat(points).allSatisfy(w -> assertThat(w.consumers().changes()).hasSize(2));
    }
}
