package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The summary figures the catalog keeps per run, each with its column, unit and which way is better. */
public enum Kpi {
    PRODUCED_RECORDS_PER_SEC("produced.recordsPerSec", "produced_records_per_sec", "records/s", true),
    PRODUCED_MIB_PER_SEC("produced.mebibytesPerSec", "produced_mib_per_sec", "MiB/s", true),
    CONSUMED_RECORDS_PER_SEC("consumed.recordsPerSec", "consumed_records_per_sec", "records/s", true),
    PUBLISH_P50_MS("publish.p50", "publish_p50_ms", "ms", false),
    PUBLISH_P99_MS("publish.p99", "publish_p99_ms", "ms", false),
    E2E_P50_MS("e2e.p50", "e2e_p50_ms", "ms", false),
    E2E_P99_MS("e2e.p99", "e2e_p99_ms", "ms", false);

    private final String label;
    private final String column;
    private final String unit;
    private final boolean higherIsBetter;

    Kpi(String label, String column, String unit, boolean higherIsBetter) {
        this.label = label;
        this.column = column;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /** The name users write ({@code --kpi e2e.p99}) and tables show; the same names as thresholds use. */
    public String label() {
        return label;
    }

    String column() {
        return column;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The KPI named {@code label}; an unknown name is an input error listing the known ones. */
    public static Kpi of(String label) {
        return Arrays.stream(values()).filter(k -> k.label.equals(label)).findFirst()
                .orElseThrow(() -> InvalidInputException.field("--kpi", label, "expected one of "
                        + Arrays.stream(values()).map(Kpi::label).collect(Collectors.joining(", "))));
    }
}
