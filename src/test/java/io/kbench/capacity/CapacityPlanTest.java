package io.kbench.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.Figure;
import io.kbench.result.plan.PlanResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CapacityPlanTest {

    static PlanInput s3(double eventsPerSec) {
        return new PlanInput(Ingress.of(eventsPerSec, 1024, null), 3, 0, Duration.ofDays(1), 0.6, 1.0,
                null, null, null, 3, 1, List.of());
    }

    /** studies.md S3 sizing table: 1 KiB messages, RF 3. "TB" and "Gbps" there are binary (TiB, Gibit/s). */
    @ParameterizedTest(name = "S3 row {0} events/s")
    @CsvSource({
        "1000000, 8, 86, 241",
        "2500000, 19, 216, 603",
        "5000000, 38, 432, 1207",
        "7000000, 53, 605, 1690",
        "10000000, 76, 864, 2414",
    })
    void reproducesS3SizingTable(double eventsPerSec, long networkGibps, long billionEventsPerDay, long tibPerDay) {
        PlanResult r = CapacityPlan.compute(s3(eventsPerSec));
        assertThat(Math.round(r.figure("eventsPerDay").value() / 1e9)).isEqualTo(billionEventsPerDay);
        assertThat(Math.round(r.figure("bytesPerDayTib").value())).isEqualTo(tibPerDay);
        assertThat(r.figure("bytesPerDayTib").unit()).isEqualTo("TiB");
        // The network column is ingress only (no replication, no consumers), in 2^30 bit/s.
        assertThat(Math.round(r.figure("ingressGibps").value())).isEqualTo(networkGibps);
        assertThat(r.figure("ingressGibps").unit()).isEqualTo("Gibit/s");
    }

    @Test
    void s3Row1ExactFiguresInBothUnitSystems() {
        PlanResult r = CapacityPlan.compute(s3(1_000_000));
        assertThat(r.figure("eventsPerDay").value()).isEqualTo(86.4e9);
        double bytes = 1_000_000.0 * 1024 * 3 * 86_400;
        assertThat(r.figure("bytesPerDayTb").value()).isCloseTo(bytes / 1e12, within(1e-9));
        assertThat(r.figure("bytesPerDayTib").value()).isCloseTo(bytes / Math.pow(2, 40), within(1e-9));
        assertThat(r.figure("ingressGbps").value()).isCloseTo(8.192, within(1e-9));
        assertThat(r.figure("ingressMib").value()).isCloseTo(976.5625, within(1e-9));
    }

    @Test
    void reproducesS3Endurance() {
        PlanInput in = new PlanInput(Ingress.of(500_000.0, 1000, null), 3, 0, Duration.ofDays(1), 0.6, 1.0, null, null, null, 3, 1,
                List.of(new DriveSpec("a", null, 16_556.0, null, null), new DriveSpec("b", null, 108_167.0, null, null)));
        PlanResult r = CapacityPlan.compute(in);
        assertThat(r.figure("perDriveTbPerDay").value()).isCloseTo(43.2, within(1e-9));
        assertThat(r.figure("enduranceYears.a").value()).isCloseTo(1.05, within(0.005));
        assertThat(r.figure("enduranceYears.b").value()).isCloseTo(6.86, within(0.005));
    }

    @Test
    void dwpdRatingIsDwpdTimesCapacityTimesWarrantyDays() {
        DriveSpec d = new DriveSpec("d", 3.84, null, 1.0, 5.0);
        assertThat(d.lifetimeWriteBytes()).isCloseTo(1.0 * 3.84e12 * 365 * 5, within(1.0));
    }

    @Test
    void trafficFormulas() {
        // 100 MiB/s, RF 3, fan-out 2, compression 2: wire ingress 50 MiB/s.
        PlanInput in = new PlanInput(Ingress.of(null, null, 100.0), 3, 2, Duration.ofDays(7), 0.5, 2.0,
                BrokerCapacity.given(40), null, 10.0, null, 2, List.of());
        PlanResult r = CapacityPlan.compute(in);
        assertThat(r.figure("ingressMib").value()).isEqualTo(50);
        assertThat(r.figure("replicationMib").value()).isEqualTo(100);
        assertThat(r.figure("egressMib").value()).isEqualTo(100);
        assertThat(r.figure("totalMib").value()).isEqualTo(250);
        assertThat(r.figure("ingressGbps").value()).isCloseTo(50 * 1048576 * 8 / 1e9, within(1e-9));
        // ceil(100 / (40 x 0.5)) = 5 brokers for throughput, binding.
        assertThat(r.figure("brokersForThroughput").value()).isEqualTo(5);
        assertThat(r.brokers()).isEqualTo(5);
        assertThat(r.bindingConstraint()).isEqualTo("throughput");
        // storage: 50 MiB/s x 3 x 86,400 x 7 d = 95.1 TB; / (10 TB x 0.5) -> 20 brokers: storage binds.
        PlanInput small = new PlanInput(Ingress.of(null, null, 100.0), 3, 2, Duration.ofDays(7), 0.5, 2.0,
                BrokerCapacity.given(40), 1.0, 10.0, null, 2, List.of());
        PlanResult s = CapacityPlan.compute(small);
        double storageTb = 50 * 1048576.0 * 3 * 86_400 * 7 / 1e12;
        assertThat(s.figure("storageTb").value()).isCloseTo(storageTb, within(1e-9));
        assertThat(s.figure("brokersForStorage").value()).isEqualTo(Math.ceil(storageTb / 0.5));
        assertThat(s.bindingConstraint()).isEqualTo("storage");
    }

    @Test
    void networkBindsAndNicIsChosenOnTheBusierDirection() {
        // 2,000 MiB/s ingress, RF 3, fan-out 5: out = 2 x + 5 x = 7 x ingress = 117.4 Gbps; with 10 GbE NICs at 0.6.
        PlanInput in = new PlanInput(Ingress.of(null, null, 2000.0), 3, 5, Duration.ofDays(1), 0.6, 1.0,
                null, null, 10.0, null, 1, List.of());
        PlanResult r = CapacityPlan.compute(in);
        double outGbps = 7 * 2000 * 1048576.0 * 8 / 1e9;
        assertThat(r.figure("brokersForNetwork").value()).isEqualTo(Math.ceil(outGbps / 6));
        assertThat(r.bindingConstraint()).isEqualTo("network");
        assertThat(r.nicRecommendedGbe()).isEqualTo(10);
    }

    @Test
    void nicChoice() {
        assertThat(NicSize.smallestFitting(9.9)).contains(10);
        assertThat(NicSize.smallestFitting(10)).contains(10);
        assertThat(NicSize.smallestFitting(13.65)).contains(25);
        assertThat(NicSize.smallestFitting(39)).contains(40);
        assertThat(NicSize.smallestFitting(100.1)).isEmpty();
    }

    @Test
    void tooFewGivenBrokersWarnsAndNoNicFits() {
        PlanInput in = new PlanInput(Ingress.of(null, null, 20_000.0), 3, 1, Duration.ofDays(1), 0.6, 1.0,
                null, null, null, 3, 1, List.of());
        PlanResult r = CapacityPlan.compute(in);
        assertThat(r.nicRecommendedGbe()).isNull();
        assertThat(r.warnings()).anyMatch(w -> w.contains("plan needs")).anyMatch(w -> w.contains("no NIC"));
    }

    @Test
    void everyFigureNamesAUnitAndAFormula() {
        PlanResult r = CapacityPlan.compute(s3(1_000_000));
        for (List<Figure> section : List.of(r.inputs(), r.traffic(), r.volume(), r.brokerCounts(), r.network())) {
            assertThat(section).allSatisfy(f -> {
                assertThat(f.unit()).isNotBlank();
                assertThat(f.formula()).isNotBlank();
            });
        }
    }
}
