package io.kbench.cli;

import io.kbench.console.ClientMetricsText;
import io.kbench.measure.LiveMetrics;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * What {@code --print-metrics} prints after a drop-in's last line, as the stock perf tools do: the metrics of the
 * run's producers ({@code produce}) or consumers ({@code consume}) as each closes, in the stock table
 * ({@link ClientMetricsText}). With several clients ({@code --producers}, {@code --threads}) their metrics share one
 * table, told apart by the client-id in their tags. Without the flag nothing is read.
 */
final class ClientMetricsTable implements LiveMetrics {
    /** Whose metrics the table holds. */
    enum Clients {
        PRODUCERS, CONSUMERS, NONE
    }

    private final Clients clients;
    private final Map<String, Object> metrics = new TreeMap<>();

    /** The table of {@code clients}' metrics, or of none. */
    ClientMetricsTable(Clients clients) {
        this.clients = clients;
    }

    /** The table --print-metrics asks for: {@code clients}' when {@code printMetrics}, else none. */
    static ClientMetricsTable forFlag(boolean printMetrics, Clients clients) {
        return new ClientMetricsTable(printMetrics ? clients : Clients.NONE);
    }

    @Override
    public void producerClosing(Supplier<Map<String, Object>> client) {
        if (clients == Clients.PRODUCERS) {
            add(client.get());
        }
    }

    @Override
    public void consumerClosing(Supplier<Map<String, Object>> client) {
        if (clients == Clients.CONSUMERS) {
            add(client.get());
        }
    }

    private synchronized void add(Map<String, Object> client) {
        metrics.putAll(client);
    }

    /** The table's lines; none without the flag or without a client. */
    synchronized List<String> lines() {
        return ClientMetricsText.lines(metrics);
    }
}
