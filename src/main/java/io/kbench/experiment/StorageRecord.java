package io.kbench.experiment;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmulatedFilesystem;
import io.kbench.cluster.StorageDisk;
import io.kbench.cluster.StorageSetup;
import io.kbench.result.run.StorageInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What result.json records about the embedded brokers' emulated storage (the cluster knows nothing of results). */
final class StorageRecord {
    private StorageRecord() {
    }

    /** Null for an external cluster or brokers on plain directories. */
    static StorageInfo of(EmbeddedCluster embedded) {
        StorageSetup setup = embedded == null ? null : embedded.storage();
        if (setup == null) {
            return null;
        }
        Map<Integer, List<StorageInfo.Dir>> byBroker = new TreeMap<>();
        for (StorageDisk d : setup.disks()) {
            byBroker.computeIfAbsent(d.broker(), b -> new ArrayList<>())
                    .add(new StorageInfo.Dir(d.logDir().toString(), d.device(), d.directIo(), d.mount()));
        }
        List<StorageInfo.Broker> brokers = byBroker.entrySet().stream()
                .map(e -> new StorageInfo.Broker(e.getKey(), e.getValue())).toList();
        boolean tmpfs = setup.params().filesystem() == EmulatedFilesystem.TMPFS;
        return new StorageInfo(setup.params().filesystem().fsName(), setup.params().options(), setup.params().sizeBytes(),
                setup.params().dataDirs(), tmpfs ? null : setup.imageDir().toString(), setup.imageFilesystem(), brokers);
    }
}
