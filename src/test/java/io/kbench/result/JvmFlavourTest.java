package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JvmFlavourTest {
    @Test
    void namesTheCompilersByTheTieredLevelTheJvmStopsAt() {
        assertThat(JvmFlavour.jit(true, 1)).isEqualTo("C1 only");
        assertThat(JvmFlavour.jit(true, 3)).isEqualTo("C1 only");
        assertThat(JvmFlavour.jit(true, 4)).isEqualTo("C1 and C2");
        assertThat(JvmFlavour.jit(false, 4)).isEqualTo("C2 only");
        assertThat(JvmFlavour.jit(true, 0)).isEqualTo("interpreter only");
    }

    @Test
    void namesTheCollectorByItsBeans() {
        assertThat(JvmFlavour.gc(List.of("Copy", "MarkSweepCompact"))).isEqualTo("Serial GC");
        assertThat(JvmFlavour.gc(List.of("G1 Young Generation", "G1 Old Generation", "G1 Concurrent GC"))).isEqualTo("G1 GC");
        assertThat(JvmFlavour.gc(List.of("PS Scavenge", "PS MarkSweep"))).isEqualTo("Parallel GC");
        assertThat(JvmFlavour.gc(List.of("ZGC Minor Cycles", "ZGC Major Pauses"))).isEqualTo("ZGC");
        assertThat(JvmFlavour.gc(List.of("something new"))).isNull();
    }

    @Test
    void theRunningJvmIsRecordedInTheEnvironment() {
        // surefire's forks run with the pom's test JVM flags; whichever they are, both parts are readable on HotSpot
        assertThat(Environment.capture().clientJvm()).matches("(C1 only|C1 and C2|C2 only|interpreter only), .+ GC|.*ZGC");
    }
}
