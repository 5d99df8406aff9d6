package io.kbench.result;

import java.util.List;

/** Short names for the workload paths a sweep varies, as tables and verdicts show them. */
public final class OverridePaths {
    private OverridePaths() {
    }

    /**
     * The property name for client, broker and topic properties ({@code batch.size}, {@code num.io.threads}), else the
     * last segment ({@code partitions}); a bare last segment would make num.io.threads and num.network.threads both
     * "threads".
     */
    public static String shortName(String path) {
        for (String marker : List.of(".properties.", ".brokerConfig.", ".configs.")) {
            int i = path.indexOf(marker);
            if (i >= 0) {
                return path.substring(i + marker.length());
            }
        }
        return path.substring(path.lastIndexOf('.') + 1);
    }
}
