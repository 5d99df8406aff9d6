package io.kbench.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReleaseVersionTest {
    @Test
    void parsesAReleaseAndItsLine() {
        ReleaseVersion v = ReleaseVersion.parse("cluster.kafkaVersion", " 3.9.2 ");
        assertThat(v).isEqualTo(new ReleaseVersion(3, 9, 2));
        assertThat(v.line()).isEqualTo("3.9");
        assertThat(v).hasToString("3.9.2");
    }

    @Test
    void theFloorIsThreeSevenZero() {
        assertThat(ReleaseVersion.parse("f", "3.7.0")).hasToString(ReleaseVersion.FLOOR);
        assertThatThrownBy(() -> ReleaseVersion.parse("cluster.kafkaVersion", "3.6.2"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("cluster.kafkaVersion: must be a KRaft release from 3.7.0 on (got 3.6.2)");
        assertThatThrownBy(() -> ReleaseVersion.parse("VERSION", "2.8.1"))
                .hasMessage("VERSION: must be a KRaft release from 3.7.0 on (got 2.8.1)");
    }

    @Test
    void refusesWhatIsNotMajorMinorPatch() {
        for (String bad : List.of("4.4", "4.4.0-rc1", "v4.4.0", "4.4.0.1", "", "four", "4..0", "1234.0.0")) {
            assertThatThrownBy(() -> ReleaseVersion.parse("VERSION", bad)).as(bad)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("VERSION: must be a Kafka release version major.minor.patch, like 4.4.0 (got '" + bad + "')");
        }
        assertThatThrownBy(() -> ReleaseVersion.parse("VERSION", null))
                .hasMessage("VERSION: must be a Kafka release version major.minor.patch, like 4.4.0 (got nothing)");
    }

    @Test
    void ordersNumericallyNotAsText() {
        List<ReleaseVersion> versions = new ArrayList<>(List.of(
                ReleaseVersion.parse("v", "4.10.0"), ReleaseVersion.parse("v", "3.9.2"), ReleaseVersion.parse("v", "4.4.0"),
                ReleaseVersion.parse("v", "4.0.1"), ReleaseVersion.parse("v", "3.9.10")));
        Collections.sort(versions);
        assertThat(versions).extracting(ReleaseVersion::toString)
                .containsExactly("3.9.2", "3.9.10", "4.0.1", "4.4.0", "4.10.0");
    }
}
