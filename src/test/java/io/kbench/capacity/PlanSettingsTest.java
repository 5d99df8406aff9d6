package io.kbench.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.unit.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlanSettingsTest {
    static final Path PLAN = Path.of("src/test/resources/plan");

    static PlanSettings mib(double v) {
        return new PlanSettings(null, null, null, v, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    @Test
    void defaultsApply() {
        PlanInput in = mib(100).resolve();
        assertThat(in.replicationFactor()).isEqualTo(3);
        assertThat(in.fanOut()).isEqualTo(1);
        assertThat(in.retention()).isEqualTo(Duration.ofDays(7));
        assertThat(in.targetUtilisation()).isEqualTo(0.6);
        assertThat(in.compressionRatio()).isEqualTo(1.0);
        assertThat(in.perBrokerCapacity()).isNull();
    }

    @Test
    void flagBeatsFileAndIngressOverridesAsAGroup() {
        PlanSettings file = PlanSettings.load(Path.of("scenarios/plan/s3-1m-events.yaml"));
        PlanSettings flags = new PlanSettings(null, null, null, 50.0, 2, null, "3d", null, null, null, null, null, null, null, null, null, null);
        PlanInput in = file.overriddenBy(flags).resolve();
        assertThat(in.ingress().bytesPerSec()).isEqualTo(50 * Units.BYTES_PER_MIB);
        // recordSizeBytes from the file still gives records/s.
        assertThat(in.ingress().recordsPerSec()).isEqualTo(50 * Units.BYTES_PER_MIB / 1024);
        assertThat(in.replicationFactor()).isEqualTo(2);
        assertThat(in.retention()).isEqualTo(Duration.ofDays(3));
        assertThat(in.fanOut()).isZero();
        assertThat(in.brokers()).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, Double.NaN, Double.POSITIVE_INFINITY})
    void nonPositiveIngressIsAnErrorNamingTheField(double bad) {
        assertThatThrownBy(() -> mib(bad).resolve())
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("ingressMebibytesPerSec").hasMessageContaining(String.valueOf(bad));
    }

    @Test
    void validationMessages() {
        assertThatThrownBy(() -> new PlanSettings(null, 1000.0, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("recordSizeBytes");
        assertThatThrownBy(() -> new PlanSettings(null, 1000.0, 100, 5.0, null, null, null, null, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("not both");
        assertThatThrownBy(() -> PlanSettings.empty().resolve()).hasMessageContaining("ingress");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, 0, null, null, null, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessage("replicationFactor: must be at least 1 (got 0)");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, -1, null, null, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("fanOut").hasMessageContaining("-1");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, null, "0d", null, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("retention").hasMessageContaining("0d");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, null, "a week", null, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("retention").hasMessageContaining("a week");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, null, null, 60.0, null, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("targetUtilisation").hasMessageContaining("60.0").hasMessageContaining("fraction");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, null, null, null, 0.0, null, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("compressionRatio");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, null, null, null, null, -3.0, null, null, null, null, null, null, null).resolve())
                .hasMessageContaining("perBrokerMebibytesPerSec").hasMessageContaining("-3.0");
        assertThatThrownBy(() -> new PlanSettings(null, null, null, 5.0, null, null, null, null, null, 3.0, "x", null, null, null, null, null, null).resolve())
                .hasMessageContaining("not both");
    }

    @Test
    void retentionForms() {
        assertThat(RetentionText.parse("r", "36h")).isEqualTo(Duration.ofHours(36));
        assertThat(RetentionText.parse("r", "90m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(RetentionText.parse("r", "P7D")).isEqualTo(Duration.ofDays(7));
        assertThat(RetentionText.parse("r", "1.5d")).isEqualTo(Duration.ofHours(36));
    }

    @Test
    void unknownYamlKeyNamesTheKey() {
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("unknown-key.yaml")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("replicationFactr").hasMessageContaining("unknown key");
    }

    @Test
    void wrongTypeNamesThePathAndValue() {
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("wrong-type.yaml")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("drives[1].tbw").hasMessageContaining("lots").hasMessageContaining("number");
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("string-for-int.yaml")))
                .hasMessageContaining("replicationFactor").hasMessageContaining("3");
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("float-for-int.yaml")))
                .hasMessageContaining("fanOut").hasMessageContaining("1.5");
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("bad-drive.yaml")))
                .hasMessageContaining("drive a").hasMessageContaining("tbw");
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("negative.yaml")).resolve())
                .hasMessageContaining("ingressRecordsPerSec").hasMessageContaining("-5");
        assertThatThrownBy(() -> PlanSettings.load(PLAN.resolve("missing.yaml"))).hasMessageContaining("no such file");
    }

    @Test
    void recordSizeInAPlanFileTakesBinaryUnits(@TempDir Path dir) throws IOException {
        Path plan = Files.writeString(dir.resolve("plan.yaml"), "ingressRecordsPerSec: 1000\nrecordSizeBytes: 1Ki\n");
        assertThat(PlanSettings.load(plan).recordSizeBytes()).isEqualTo(1024);
        Files.writeString(plan, "ingressRecordsPerSec: 1000\nrecordSizeBytes: 1KB\n");
        assertThatThrownBy(() -> PlanSettings.load(plan)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("recordSizeBytes").hasMessageContaining("64Ki").hasMessageContaining("got '1KB'");
    }

    @Test
    void fromResultInAFileIsRelativeToTheFile() {
        PlanInput in = PlanSettings.load(PLAN.resolve("from-result.yaml")).resolve();
        assertThat(in.perBrokerCapacity().bytesPerSec()).isEqualTo(11.8 / 3 * Units.BYTES_PER_MIB);
        assertThat(in.perBrokerCapacity().source()).contains("find-max").contains("e2e.p99<200ms").contains("3 brokers");
    }

    @Test
    void driveFlagParsing() {
        DriveSpec d = DriveSpec.parse("fast:tbw=16556,capacityTb=3.84");
        assertThat(d.tbw()).isEqualTo(16556);
        assertThat(d.capacityTb()).isEqualTo(3.84);
        assertThat(DriveSpec.parse("dc:dwpd=3,capacityTb=1.92,warrantyYears=5").dwpd()).isEqualTo(3);
        assertThatThrownBy(() -> DriveSpec.parse("x:tbw=many")).hasMessageContaining("tbw").hasMessageContaining("many");
        assertThatThrownBy(() -> DriveSpec.parse("x:size=1")).hasMessageContaining("size=1");
        assertThatThrownBy(() -> DriveSpec.parse("notaspec")).hasMessageContaining("notaspec");
        assertThatThrownBy(() -> DriveSpec.parse("x:tbw=0")).hasMessageContaining("tbw").hasMessageContaining("0.0");
        assertThatThrownBy(() -> DriveSpec.parse("x:tbw=5,dwpd=1")).hasMessageContaining("not both");
    }

    @Test
    void planInputRejectsDirectly() {
        assertThatThrownBy(() -> new PlanInput(Ingress.of(null, null, 1.0), 3, 1, Duration.ofDays(1), 0.6, 1.0, null, null, null, 0, 1, List.of()))
                .hasMessageContaining("brokers");
    }
}
