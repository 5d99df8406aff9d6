package io.kbench.telemetry;

import java.util.HashMap;
import java.util.Map;

/**
 * Parsers of the Linux /proc files the host source reads (formats: proc(5) and the kernel's iostats.rst). Pure
 * functions of the file text, so they are tested on captured files.
 */
final class ProcParsers {
    /** /proc/diskstats counts sectors of 512 bytes whatever the device's sector size. */
    static final long DISKSTATS_SECTOR_BYTES = 512;

    private ProcParsers() {
    }

    /** The aggregate {@code cpu} line of /proc/stat, in clock ticks. */
    record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {
        /** Every tick counted once (guest time is already part of user). */
        long total() {
            return user + nice + system + idle + iowait + irq + softirq + steal;
        }
    }

    /** One device's counters from /proc/diskstats. */
    record DiskCounters(long readsCompleted, long sectorsRead, long writesCompleted, long sectorsWritten,
                        long ioMillis) {
    }

    /** Received and sent bytes summed over every interface of /proc/net/dev. */
    record NetBytes(long received, long sent) {
    }

    static CpuTimes cpu(String procStat) {
        for (String line : procStat.split("\n")) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 9) {
                    throw new IllegalArgumentException("/proc/stat: short cpu line: " + line);
                }
                return new CpuTimes(l(f[1]), l(f[2]), l(f[3]), l(f[4]), l(f[5]), l(f[6]), l(f[7]), l(f[8]));
            }
        }
        throw new IllegalArgumentException("/proc/stat has no aggregate cpu line");
    }

    /** The counters of device {@code major:minor}, or null if /proc/diskstats does not list it. */
    static DiskCounters disk(String diskstats, int major, int minor) {
        for (String line : diskstats.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 14 && Integer.parseInt(f[0]) == major && Integer.parseInt(f[1]) == minor) {
                // 3 reads completed, 5 sectors read, 7 writes completed, 9 sectors written, 12 ms spent doing I/O
                return new DiskCounters(l(f[3]), l(f[5]), l(f[7]), l(f[9]), l(f[12]));
            }
        }
        return null;
    }

    /** The device name of {@code major:minor} in /proc/diskstats, or null. */
    static String diskName(String diskstats, int major, int minor) {
        for (String line : diskstats.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && Integer.parseInt(f[0]) == major && Integer.parseInt(f[1]) == minor) {
                return f[2];
            }
        }
        return null;
    }

    /** /proc/meminfo in bytes, keyed by field name ({@code Dirty}, {@code Writeback}, {@code MemAvailable}). */
    static Map<String, Long> meminfo(String meminfo) {
        Map<String, Long> bytes = new HashMap<>();
        for (String line : meminfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            long value = l(f[0]);
            bytes.put(line.substring(0, colon), f.length > 1 && f[1].equals("kB") ? value * 1024 : value);
        }
        return bytes;
    }

    /** /proc/net/dev: received and sent bytes over all interfaces (loopback included: embedded brokers use it). */
    static NetBytes net(String netDev) {
        long rx = 0;
        long tx = 0;
        for (String line : netDev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            if (f.length < 9) {
                continue;
            }
            rx += l(f[0]);
            tx += l(f[8]);
        }
        return new NetBytes(rx, tx);
    }

    /** The major number of a Linux {@code st_dev} (glibc's gnu_dev_major). */
    static int major(long dev) {
        return (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
    }

    /** The minor number of a Linux {@code st_dev} (glibc's gnu_dev_minor). */
    static int minor(long dev) {
        return (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
    }

    private static long l(String s) {
        return Long.parseLong(s);
    }
}
