package io.kbench.catalog;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Kpi;
import io.kbench.kpi.Metric;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The summary figures the catalog keeps per run: each is one of {@link Kpi#ALL}, which owns its metric, unit and
 * direction; the catalog adds only its column.
 *
 * <p>The column keeps its own spelling on purpose: {@code produced_records_per_sec} is a column of the catalog's schema
 * (db/catalog/V1__runs.sql, in every SQLite and PostgreSQL catalog written since), while {@link Kpi#csvHeader()}'s
 * {@code produced_records_per_s} heads sweep.csv, which users' scripts and the golden files read. Renaming either
 * would break what is already on disk, so the two names stay and this enum maps one to the other.
 */
public enum CatalogKpi {
    PRODUCED_RECORDS_PER_SEC("produced.recordsPerSec", "produced_records_per_sec"),
    PRODUCED_MIB_PER_SEC("produced.mebibytesPerSec", "produced_mib_per_sec"),
    CONSUMED_RECORDS_PER_SEC("consumed.recordsPerSec", "consumed_records_per_sec"),
    PUBLISH_P50_MS("publish.p50", "publish_p50_ms"),
    PUBLISH_P99_MS("publish.p99", "publish_p99_ms"),
    E2E_P50_MS("e2e.p50", "e2e_p50_ms"),
    E2E_P99_MS("e2e.p99", "e2e_p99_ms");

    private final Kpi kpi;
    private final String column;

    CatalogKpi(String metric, String column) {
        this.kpi = Kpi.of(Metric.parse(metric));
        this.column = column;
    }

    /** The headline figure this column keeps. */
    public Kpi kpi() {
        return kpi;
    }

    /** The name users write ({@code --kpi e2e.p99}) and tables show; the same names as thresholds use. */
    public String label() {
        return kpi.metric().toString();
    }

    String column() {
        return column;
    }

    public String unit() {
        return kpi.unit();
    }

    public boolean higherIsBetter() {
        return kpi.higherIsBetter();
    }

    /** The KPI named {@code label}; an unknown name is an input error listing the known ones. */
    public static CatalogKpi of(String label) {
        return Arrays.stream(values()).filter(k -> k.label().equals(label)).findFirst()
                .orElseThrow(() -> InvalidInputException.field("--kpi", label, "expected one of "
                        + Arrays.stream(values()).map(CatalogKpi::label).collect(Collectors.joining(", "))));
    }
}
