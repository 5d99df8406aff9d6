package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.result.Figure;
import java.util.ArrayList;
import java.util.List;

/**
 * A cloud disk whose limits grow with its size in allocation units up to a per-disk maximum (Yandex Cloud's network
 * disks, as S5 quotes them; AWS gp2 works alike per GiB). Bandwidths are in the provider's unit as printed (S5: MB/s),
 * IOPS in operations per second; every per-disk maximum is optional.
 *
 * @param sizeGb            the disk's size, in the provider's GB
 * @param allocationUnitGb  the provider's allocation unit, same GB; the disk counts ceil(size / unit) units
 * @param perUnitWriteMBps  write bandwidth per allocation unit
 * @param perUnitReadMBps   read bandwidth per allocation unit
 * @param perUnitWriteIops  write IOPS per allocation unit
 * @param perUnitReadIops   read IOPS per allocation unit
 * @param perDiskWriteMBps  write bandwidth per disk, the most any size gets; optional
 * @param perDiskReadMBps   read bandwidth per disk; optional
 * @param perDiskWriteIops  write IOPS per disk; optional
 * @param perDiskReadIops   read IOPS per disk; optional
 */
public record DiskLimits(double sizeGb, double allocationUnitGb, double perUnitWriteMBps, double perUnitReadMBps,
                         double perUnitWriteIops, double perUnitReadIops, Double perDiskWriteMBps, Double perDiskReadMBps,
                         Double perDiskWriteIops, Double perDiskReadIops) {
    public DiskLimits {
        Checks.positive("disk.sizeGb", sizeGb);
        Checks.positive("disk.allocationUnitGb", allocationUnitGb);
        Checks.positive("disk.perUnitWriteMBps", perUnitWriteMBps);
        Checks.positive("disk.perUnitReadMBps", perUnitReadMBps);
        Checks.positive("disk.perUnitWriteIops", perUnitWriteIops);
        Checks.positive("disk.perUnitReadIops", perUnitReadIops);
        optional("disk.perDiskWriteMBps", perDiskWriteMBps);
        optional("disk.perDiskReadMBps", perDiskReadMBps);
        optional("disk.perDiskWriteIops", perDiskWriteIops);
        optional("disk.perDiskReadIops", perDiskReadIops);
    }

    /** The disk's allocation units, its write and read bandwidth and IOPS: each min(units x per unit, per disk). */
    public List<Figure> figures() {
        double units = Math.ceil(sizeGb / allocationUnitGb - 1e-9);
        List<Figure> out = new ArrayList<>();
        out.add(new Figure("diskAllocationUnits", "allocation units", units, "units",
                "ceil(" + Figure.format(sizeGb) + " GB / " + Figure.format(allocationUnitGb) + " GB)"));
        out.add(limit("diskWriteMBps", "write bandwidth per disk", units, perUnitWriteMBps, perDiskWriteMBps, "MB/s"));
        out.add(limit("diskReadMBps", "read bandwidth per disk", units, perUnitReadMBps, perDiskReadMBps, "MB/s"));
        out.add(limit("diskWriteIops", "write IOPS per disk", units, perUnitWriteIops, perDiskWriteIops, "IOPS"));
        out.add(limit("diskReadIops", "read IOPS per disk", units, perUnitReadIops, perDiskReadIops, "IOPS"));
        return out;
    }

    private static Figure limit(String key, String label, double units, double perUnit, Double perDisk, String unit) {
        double bySize = units * perUnit;
        String formula = Figure.format(units) + " units x " + Figure.format(perUnit) + " " + unit;
        if (perDisk == null) {
            return new Figure(key, label, bySize, unit, formula);
        }
        return new Figure(key, label, Math.min(bySize, perDisk), unit, "min(" + formula + ", per-disk maximum "
                + Figure.format(perDisk) + " " + unit + ")" + (perDisk < bySize ? ": the per-disk maximum binds" : ""));
    }

    private static void optional(String field, Double value) {
        if (value != null) {
            Checks.positive(field, value);
        }
    }
}
