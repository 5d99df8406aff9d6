package io.kbench.result;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The two JVM choices that change what a load generator costs per record: its JIT compilers and its garbage
 * collector, e.g. {@code "C1 only, Serial GC"}. The launcher picks them per run (docs/benchmarks.md, "The launcher's
 * JVM"), so a result says which it ran with.
 */
public final class JvmFlavour {
    private JvmFlavour() {
    }

    /** The running JVM's flavour; null when neither part can be read (not HotSpot). */
    public static String current() {
        String jit = jit();
        String gc = gc(ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());
        if (jit == null && gc == null) {
            return null;
        }
        return jit == null ? gc : gc == null ? jit : jit + ", " + gc;
    }

    private static String jit() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            boolean tiered = Boolean.parseBoolean(hotspot.getVMOption("TieredCompilation").getValue());
            int stopAt = Integer.parseInt(hotspot.getVMOption("TieredStopAtLevel").getValue());
            return jit(tiered, stopAt);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Tiered levels 1-3 are C1, 4 is C2 (HotSpot's compilation policy); 0 interprets only. */
    static String jit(boolean tiered, int stopAtLevel) {
        if (!tiered) {
            return "C2 only";
        }
        if (stopAtLevel <= 0) {
            return "interpreter only";
        }
        return stopAtLevel < 4 ? "C1 only" : "C1 and C2";
    }

    /** The collector named by its beans' names (e.g. "Copy" and "MarkSweepCompact" are Serial's young and old). */
    static String gc(List<String> beanNames) {
        for (String name : beanNames) {
            if (name.startsWith("G1")) {
                return "G1 GC";
            }
            if (name.startsWith("PS ")) {
                return "Parallel GC";
            }
            if (name.startsWith("ZGC")) {
                return "ZGC";
            }
            if (name.startsWith("Shenandoah")) {
                return "Shenandoah GC";
            }
            if (name.equals("Copy") || name.equals("MarkSweepCompact")) {
                return "Serial GC";
            }
            if (name.startsWith("Epsilon")) {
                return "Epsilon GC";
            }
        }
        return null;
    }
}
