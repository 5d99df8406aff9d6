package io.kbench.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.plan.PlanResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DiskLimitsTest {

    @Test
    void s5DiskFromItsAllocationUnitsWithThePerDiskMaxima() {
        // S5 lines 50-67: 1536 GB / 256 GB = 6 units; 6 x 30 MB/s = 180 MB/s (under the 240 MB/s per disk); writes
        // 6 x 300 = 1,800 IOPS (under 11,000); reads 6 x 100 = 600 IOPS, but at most 300 per disk.
        PlanResult plan = CapacityPlan.compute(PlanSettings.load(Path.of("scenarios/plan/s5-disk.yaml")).resolve());
        assertThat(plan.figure("diskAllocationUnits").value()).isEqualTo(6);
        assertThat(plan.figure("diskWriteMBps").value()).isEqualTo(180);
        assertThat(plan.figure("diskReadMBps").value()).isEqualTo(180);
        assertThat(plan.figure("diskWriteIops").value()).isEqualTo(1_800);
        assertThat(plan.figure("diskReadIops").value()).isEqualTo(300);
        assertThat(plan.figure("diskReadIops").formula()).contains("per-disk maximum binds");
        assertThat(plan.figure("diskWriteMBps").formula()).doesNotContain("binds");
    }

    @Test
    void aDiskWithoutMaximaGrowsWithItsSizeAndAPartUnitCountsWhole() {
        DiskLimits d = new DiskLimits(300, 256, 30, 30, 300, 100, null, null, null, null);
        assertThat(d.figures()).extracting(f -> f.value()).containsExactly(2.0, 60.0, 60.0, 600.0, 200.0);
        assertThat(CapacityPlan.compute(CapacityPlanTest.s3(1_000_000)).disk()).isEmpty();
    }

    @Test
    void limitsAreValidatedByName() {
        assertThatThrownBy(() -> new DiskLimits(0, 256, 30, 30, 300, 100, null, null, null, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("disk.sizeGb");
        assertThatThrownBy(() -> new DiskLimits(1536, 256, 30, 30, 300, 100, -1.0, null, null, null))
                .hasMessageContaining("disk.perDiskWriteMBps").hasMessageContaining("-1.0");
    }
}
