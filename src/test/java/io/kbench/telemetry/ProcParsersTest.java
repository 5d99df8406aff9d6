package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.telemetry.TelemetryMetric;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcParsersTest {
    private static final String STAT_1 = """
            cpu  1000 50 300 8000 100 10 20 5 0 0
            cpu0 500 25 150 4000 50 5 10 2 0 0
            intr 12345
            """;
    private static final String STAT_2 = """
            cpu  1400 50 400 8300 150 10 40 10 0 0
            cpu0 700 25 200 4150 75 5 20 5 0 0
            """;
    private static final String DISKSTATS_1 = """
               7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
             254       0 vda 1000 10 20000 400 5000 100 80000 9000 0 3000 12000 0 0 0 0 0 0
             254       1 vda1 900 10 18000 390 4900 100 79000 8900 0 2900 11900
            """;
    private static final String DISKSTATS_2 = """
             254       0 vda 1100 10 22048 400 5400 100 88192 9000 2 3500 12000 0 0 0 0 0 0
            """;

    @Test
    void cpuSharesOfAllTicks() {
        Sample s = new Sample("host", 1);
        HostProcSource.cpuPercents(ProcParsers.cpu(STAT_1), ProcParsers.cpu(STAT_2), s);
        // deltas: user 400, nice 0, system 100, idle 300, iowait 50, irq 0, softirq 20, steal 5 -> total 875
        assertThat(s.values().get(TelemetryMetric.HOST_CPU_USER_PERCENT)).isCloseTo(100.0 * 400 / 875, within(1e-9));
        assertThat(s.values().get(TelemetryMetric.HOST_CPU_SYSTEM_PERCENT)).isCloseTo(100.0 * 120 / 875, within(1e-9));
        assertThat(s.values().get(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT)).isCloseTo(100.0 * 50 / 875, within(1e-9));
        assertThat(s.values().get(TelemetryMetric.HOST_CPU_STEAL_PERCENT)).isCloseTo(100.0 * 5 / 875, within(1e-9));
    }

    @Test
    void diskOfTheDataDirDeviceOnly() {
        ProcParsers.DiskCounters a = ProcParsers.disk(DISKSTATS_1, 254, 0);
        ProcParsers.DiskCounters b = ProcParsers.disk(DISKSTATS_2, 254, 0);
        assertThat(a).isEqualTo(new ProcParsers.DiskCounters(1000, 20000, 5000, 80000, 3000));
        assertThat(ProcParsers.disk(DISKSTATS_1, 254, 1).readsCompleted()).isEqualTo(900);
        assertThat(ProcParsers.disk(DISKSTATS_1, 8, 0)).isNull();
        assertThat(ProcParsers.diskName(DISKSTATS_1, 254, 1)).isEqualTo("vda1");

        Sample s = new Sample("host", 1);
        HostProcSource.diskRates(a, b, 2_000_000_000L, s); // over 2 s
        Map<TelemetryMetric, Double> v = s.values();
        assertThat(v.get(TelemetryMetric.DISK_READ_MIB_PER_SEC)).isCloseTo(2048 * 512 / 2.0 / 1048576, within(1e-9));
        assertThat(v.get(TelemetryMetric.DISK_WRITE_MIB_PER_SEC)).isCloseTo(8192 * 512 / 2.0 / 1048576, within(1e-9));
        assertThat(v.get(TelemetryMetric.DISK_READ_IOPS)).isCloseTo(50, within(1e-9));
        assertThat(v.get(TelemetryMetric.DISK_WRITE_IOPS)).isCloseTo(200, within(1e-9));
        assertThat(v.get(TelemetryMetric.DISK_UTIL_PERCENT)).isCloseTo(25, within(1e-9)); // 500 ms busy in 2 s
    }

    @Test
    void meminfoInBytes() {
        Map<String, Long> m = ProcParsers.meminfo("""
                MemTotal:       24683656 kB
                MemAvailable:   21536300 kB
                Dirty:              5432 kB
                Writeback:             0 kB
                HugePages_Total:       0
                """);
        assertThat(m).containsEntry("MemAvailable", 21536300L * 1024).containsEntry("Dirty", 5432L * 1024)
                .containsEntry("Writeback", 0L).containsEntry("HugePages_Total", 0L);
    }

    @Test
    void netBytesSummedOverInterfaces() {
        ProcParsers.NetBytes n = ProcParsers.net("""
                Inter-|   Receive                                                |  Transmit
                 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                    lo: 1000      10    0    0    0     0          0         0     1000      10    0    0    0     0       0          0
                  eth0: 2500      20    0    0    0     0          0         0     700       7    0    0    0     0       0          0
                """);
        assertThat(n).isEqualTo(new ProcParsers.NetBytes(3500, 1700));
    }

    @Test
    void deviceNumbersAsGlibcSplitsThem() {
        assertThat(ProcParsers.major(0xfe00)).isEqualTo(254);
        assertThat(ProcParsers.minor(0xfe00)).isEqualTo(0);
        // major 259 (NVMe), minor 3: 259 = 0x103 -> bits 8..19 hold 0x103
        long dev = (0x103L << 8) | 3;
        assertThat(ProcParsers.major(dev)).isEqualTo(259);
        assertThat(ProcParsers.minor(dev)).isEqualTo(3);
        // a large minor (300) spills into bits 20 and up
        long big = ((300L & ~0xffL) << 12) | (300 & 0xff) | (8L << 8);
        assertThat(ProcParsers.major(big)).isEqualTo(8);
        assertThat(ProcParsers.minor(big)).isEqualTo(300);
    }
}
