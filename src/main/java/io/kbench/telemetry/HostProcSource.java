package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySourceKind;
import io.kbench.unit.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * This machine's CPU, memory, network and the disk that holds the broker data, from /proc. The disk is the block
 * device whose numbers are the {@code st_dev} of the data dir (as in /proc/self/mountinfo); on a file system with no
 * such device (tmpfs, overlay) the disk series are left out, not guessed.
 */
final class HostProcSource implements SampledSource {
    private static final Path PROC = Path.of("/proc");

    private final Path proc;
    private final Path dataDir;
    private int major = -1;
    private int minor = -1;
    private String diskName;
    private ProcParsers.CpuTimes cpu;
    private ProcParsers.DiskCounters disk;
    private ProcParsers.NetBytes net;
    private long lastNanos;

    HostProcSource(Path dataDir) {
        this(PROC, dataDir);
    }

    HostProcSource(Path proc, Path dataDir) {
        this.proc = proc;
        this.dataDir = dataDir;
    }

    @Override
    public String id() {
        return "host";
    }

    @Override
    public TelemetrySourceKind kind() {
        return TelemetrySourceKind.PROC;
    }

    @Override
    public String address() {
        return proc.toString();
    }

    /** The block device of the data dir ({@code vda}), or null when it has none. */
    String diskName() {
        return diskName;
    }

    @Override
    public void open() throws IOException {
        ProcParsers.cpu(read("stat"));
        if (dataDir != null) {
            long dev = ((Number) Files.getAttribute(dataDir, "unix:dev")).longValue();
            int maj = ProcParsers.major(dev);
            int min = ProcParsers.minor(dev);
            diskName = ProcParsers.diskName(read("diskstats"), maj, min);
            if (diskName != null) {
                major = maj;
                minor = min;
            }
        }
    }

    @Override
    public void sample(Sample out, long nowNanos) throws IOException {
        ProcParsers.CpuTimes c = ProcParsers.cpu(read("stat"));
        ProcParsers.DiskCounters d = diskName == null ? null : ProcParsers.disk(read("diskstats"), major, minor);
        ProcParsers.NetBytes n = ProcParsers.net(read("net/dev"));
        Map<String, Long> mem = ProcParsers.meminfo(read("meminfo"));
        out.put(TelemetryMetric.PAGE_CACHE_DIRTY_MIB, mib(mem.get("Dirty")));
        out.put(TelemetryMetric.PAGE_CACHE_WRITEBACK_MIB, mib(mem.get("Writeback")));
        out.put(TelemetryMetric.MEMORY_AVAILABLE_MIB, mib(mem.get("MemAvailable")));
        if (cpu != null) {
            long elapsed = nowNanos - lastNanos;
            cpuPercents(cpu, c, out);
            if (disk != null && d != null) {
                diskRates(disk, d, elapsed, out);
            }
            out.put(TelemetryMetric.NETWORK_RX_MIB_PER_SEC, mibRate(net.received(), n.received(), elapsed));
            out.put(TelemetryMetric.NETWORK_TX_MIB_PER_SEC, mibRate(net.sent(), n.sent(), elapsed));
        }
        cpu = c;
        disk = d;
        net = n;
        lastNanos = nowNanos;
    }

    /** Shares of all CPU time of the host (100 = every core), as top and sar show them. */
    static void cpuPercents(ProcParsers.CpuTimes a, ProcParsers.CpuTimes b, Sample out) {
        double total = b.total() - a.total();
        if (total <= 0) {
            return;
        }
        out.put(TelemetryMetric.HOST_CPU_USER_PERCENT, 100 * (b.user() + b.nice() - a.user() - a.nice()) / total);
        out.put(TelemetryMetric.HOST_CPU_SYSTEM_PERCENT,
                100 * (b.system() + b.irq() + b.softirq() - a.system() - a.irq() - a.softirq()) / total);
        out.put(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT, 100 * (b.iowait() - a.iowait()) / total);
        out.put(TelemetryMetric.HOST_CPU_STEAL_PERCENT, 100 * (b.steal() - a.steal()) / total);
    }

    static void diskRates(ProcParsers.DiskCounters a, ProcParsers.DiskCounters b, long elapsedNanos, Sample out) {
        out.put(TelemetryMetric.DISK_READ_MIB_PER_SEC, mibRate(a.sectorsRead() * ProcParsers.DISKSTATS_SECTOR_BYTES,
                b.sectorsRead() * ProcParsers.DISKSTATS_SECTOR_BYTES, elapsedNanos));
        out.put(TelemetryMetric.DISK_WRITE_MIB_PER_SEC, mibRate(a.sectorsWritten() * ProcParsers.DISKSTATS_SECTOR_BYTES,
                b.sectorsWritten() * ProcParsers.DISKSTATS_SECTOR_BYTES, elapsedNanos));
        out.put(TelemetryMetric.DISK_READ_IOPS,
                Deltas.rate((double) a.readsCompleted(), (double) b.readsCompleted(), elapsedNanos));
        out.put(TelemetryMetric.DISK_WRITE_IOPS,
                Deltas.rate((double) a.writesCompleted(), (double) b.writesCompleted(), elapsedNanos));
        Double busyMillisPerSec = Deltas.rate((double) a.ioMillis(), (double) b.ioMillis(), elapsedNanos);
        // ms busy per second / 10 = percent; above 100 only through rounding of the two clocks.
        out.put(TelemetryMetric.DISK_UTIL_PERCENT, busyMillisPerSec == null ? null : Math.min(100, busyMillisPerSec / 10));
    }

    private static Double mibRate(long before, long after, long elapsedNanos) {
        Double r = Deltas.rate((double) before, (double) after, elapsedNanos);
        return r == null ? null : Units.mib(r);
    }

    private static Double mib(Long bytes) {
        return bytes == null ? null : Units.mib(bytes);
    }

    private String read(String file) throws IOException {
        return Files.readString(proc.resolve(file));
    }

    @Override
    public void close() {
        // Nothing held open between samples.
    }
}
