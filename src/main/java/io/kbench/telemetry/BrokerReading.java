package io.kbench.telemetry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.ObjectName;

/**
 * What one broker reading asks for, one item per value, and how the answers become the figures' inputs. The same
 * items go out in one call to a broker kbench launched (its {@code BrokerBatchRead} MBean) or one MBean at a time to
 * any other broker, so both paths give the same keys.
 */
final class BrokerReading {
    /** Keys of per-partition segment counts in a reading, followed by {@code topic-partition}. */
    static final String SEGMENTS = "segments:";
    /** Keys of per-partition log start offsets in a reading, followed by {@code topic-partition}. */
    static final String LOG_START = "logStart:";
    private static final String GC = "gc.";

    /**
     * One value: {@code key} in the reading, read as {@code attribute} of {@code name}, or as item {@code part} of that
     * attribute's composite value (null: the attribute is the number).
     */
    record Item(String key, ObjectName name, String attribute, String part) {
    }

    /** The values of one reading: broker-wide ones keyed as {@link BrokerFigures} expects, and per-partition gauges. */
    record Values(Map<String, Double> values, Map<String, Double> segments, Map<String, Double> logStarts) {
    }

    private BrokerReading() {
    }

    /** Every item of a reading: the fixed probes not known missing, the pause collectors, the heap and the names found. */
    static List<Item> items(BrokerMBeans beans, BrokerNames names, List<ObjectName> collectors) {
        List<Item> items = new ArrayList<>();
        for (BrokerMBeans.Probe p : beans.probes()) {
            if (!names.missing(p.name())) {
                for (String a : p.attributes()) {
                    items.add(new Item(p.key() + "." + a, p.name(), a, null));
                }
            }
        }
        for (ObjectName gc : collectors) {
            for (String a : BrokerMBeans.GC_ATTRIBUTES) {
                items.add(new Item(GC + a, gc, a, null));
            }
        }
        items.add(new Item(BrokerFigures.HEAP_USED, BrokerMBeans.MEMORY, "HeapMemoryUsage", "used"));
        for (ObjectName log : names.segments()) {
            items.add(new Item(SEGMENTS + partition(log), log, "Value", null));
        }
        for (ObjectName log : names.logStarts()) {
            items.add(new Item(LOG_START + partition(log), log, "Value", null));
        }
        for (ObjectName p : names.processors()) {
            items.add(new Item(BrokerMBeans.IO_WAIT_PREFIX + p.getKeyProperty("listener") + "/"
                    + p.getKeyProperty("networkProcessor"), p, BrokerMBeans.IO_WAIT_TOTAL, null));
        }
        return items;
    }

    /** The request text of {@code BrokerBatchRead}: one {@code name TAB attribute [TAB part]} line per item. */
    static String request(List<Item> items) {
        StringBuilder b = new StringBuilder(items.size() * 80);
        for (Item i : items) {
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append(i.name().getCanonicalName()).append('\t').append(i.attribute());
            if (i.part() != null) {
                b.append('\t').append(i.part());
            }
        }
        return b.toString();
    }

    /** Folds the answers ({@code read[i]} for item i; NaN: no value) into one reading; collectors are summed. */
    static Values fold(List<Item> items, double[] read) {
        Map<String, Double> values = new HashMap<>();
        Map<String, Double> segments = new TreeMap<>();
        Map<String, Double> logStarts = new TreeMap<>();
        double gcCount = 0;
        double gcMillis = 0;
        for (int i = 0; i < items.size(); i++) {
            double v = read[i];
            if (Double.isNaN(v)) {
                continue;
            }
            String k = items.get(i).key();
            if (k.equals(GC + "CollectionCount")) {
                gcCount += v;
            } else if (k.equals(GC + "CollectionTime")) {
                gcMillis += v;
            } else if (k.startsWith(SEGMENTS)) {
                segments.put(k.substring(SEGMENTS.length()), v);
            } else if (k.startsWith(LOG_START)) {
                logStarts.put(k.substring(LOG_START.length()), v);
            } else {
                values.put(k, v);
            }
        }
        values.put(BrokerFigures.GC_COUNT, gcCount);
        values.put(BrokerFigures.GC_MILLIS, gcMillis);
        return new Values(values, segments, logStarts);
    }

    private static String partition(ObjectName log) {
        return log.getKeyProperty("topic") + "-" + log.getKeyProperty("partition");
    }
}
