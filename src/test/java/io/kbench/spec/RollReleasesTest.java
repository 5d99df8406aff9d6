package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.release.ReleaseVersion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RollReleasesTest {
    private static final ReleaseVersion V391 = new ReleaseVersion(3, 9, 1);
    private static final ReleaseVersion V431 = new ReleaseVersion(4, 3, 1);

    private static FaultSpec roll(int atSec, String version, Boolean finalize) {
        return new FaultSpec(Duration.ofSeconds(atSec), FaultAction.ROLL, null, null, null, null, null, null, null, null,
                null, null, new RollSpec(null, null, null, null, version, finalize));
    }

    @Test
    void anUpgradeAndItsWayBackWithoutFinalizeAreTheRollsReleasesInFiringOrder() {
        // Listed out of order: the roll back fires second.
        List<FaultSpec> faults = List.of(roll(60, "3.9.1", null), roll(5, "4.4.0", false),
                new FaultSpec(Duration.ofSeconds(1), FaultAction.ROLL, null, null, null, null, null, null, null, null,
                        null, null, null));
        assertThat(RollReleases.check(faults, V391)).containsExactly(
                Map.entry("faults[1].roll.kafkaVersion", new ReleaseVersion(4, 4, 0)),
                Map.entry("faults[0].roll.kafkaVersion", V391));
    }

    @Test
    void aDowngradeBelowTheLineTheClusterIsFormattedAtIsOneLineNamingTheRoll() {
        assertThatThrownBy(() -> RollReleases.check(List.of(roll(5, "3.9.1", null)), V431))
                .isInstanceOf(InvalidInputException.class).hasMessage("faults[0].roll.kafkaVersion: a downgrade from"
                        + " Kafka 4.3.1 that Kafka refuses: the cluster starts on Kafka 4.3.1, formatted at its newest"
                        + " metadata.version (4.3), which 3.9.1 does not support, and metadata.version cannot be lowered"
                        + " (KIP-778); to roll back and forth, start the cluster on the older release (cluster.kafkaVersion)"
                        + " (got 3.9.1)");
    }

    @Test
    void aFinalizedUpgradeClosesTheWayBackAndTheMessageNamesTheFinalize() {
        assertThatThrownBy(() -> RollReleases.check(List.of(roll(5, "4.4.0", true), roll(60, "4.3.1", null)), V391))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("faults[1].roll.kafkaVersion: a downgrade from Kafka 4.4.0 that Kafka refuses:"
                        + " faults[0].roll.finalize raises metadata.version to the newest of Kafka 4.4.0 (4.4)")
                .hasMessageContaining("leave out faults[0].roll.finalize");
    }

    @Test
    void aPatchDowngradeWithinTheLineIsAllowed() {
        assertThat(RollReleases.check(List.of(roll(5, "4.3.0", null)), V431)).containsValue(new ReleaseVersion(4, 3, 0));
    }
}
