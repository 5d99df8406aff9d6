package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class BrokerReadingTest {
    private static final ObjectName YOUNG = JmxBrokerSource.name("java.lang:type=GarbageCollector,name=G1 Young Generation");
    private static final ObjectName OLD = JmxBrokerSource.name("java.lang:type=GarbageCollector,name=G1 Old Generation");

    @Test
    void collectorsAreSummedPartitionsSplitOutAndMissingValuesLeftOut() {
        BrokerMBeans beans = new BrokerMBeans(null);
        BrokerNames names = new BrokerNames(beans);
        List<BrokerReading.Item> items = BrokerReading.items(beans, names, List.of(YOUNG, OLD));
        double[] read = new double[items.size()];
        java.util.Arrays.fill(read, Double.NaN);
        for (int i = 0; i < items.size(); i++) {
            String k = items.get(i).key();
            if (k.equals("gc.CollectionCount")) {
                read[i] = items.get(i).name().equals(YOUNG) ? 7 : 2;
            } else if (k.equals("os.ProcessCpuTime")) {
                read[i] = 123;
            }
        }
        BrokerReading.Values v = BrokerReading.fold(items, read);
        assertThat(v.values()).containsEntry(BrokerFigures.GC_COUNT, 9.0).containsEntry(BrokerFigures.GC_MILLIS, 0.0)
                .containsEntry("os.ProcessCpuTime", 123.0).doesNotContainKey("runtime.Uptime")
                .doesNotContainKey(BrokerFigures.HEAP_USED);
        assertThat(v.segments()).isEmpty();
    }

    @Test
    void theRequestHasOneLinePerItemWithTheCompositesItem() {
        ObjectName log = JmxBrokerSource.name("kafka.log:type=Log,name=NumLogSegments,topic=t,partition=0");
        List<BrokerReading.Item> items = List.of(
                new BrokerReading.Item(BrokerReading.SEGMENTS + "t-0", log, "Value", null),
                new BrokerReading.Item(BrokerFigures.HEAP_USED, BrokerMBeans.MEMORY, "HeapMemoryUsage", "used"));
        assertThat(BrokerReading.request(items).split("\n")).containsExactly(
                log.getCanonicalName() + "\tValue", "java.lang:type=Memory\tHeapMemoryUsage\tused");
        BrokerReading.Values v = BrokerReading.fold(items, new double[] {4, 1e6});
        assertThat(v.segments()).containsEntry("t-0", 4.0);
        assertThat(v.values()).containsEntry(BrokerFigures.HEAP_USED, 1e6);
    }
}
