package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MountInfoTest {
    private static final List<String> MOUNTS = List.of(
            "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw",
            "40 22 0:35 / /tmp rw,nosuid,nodev shared:20 - tmpfs tmpfs rw,size=1024k",
            "41 22 259:1 / /data\\040disk rw,noatime - xfs /dev/nvme1n1 rw,attr2");

    @Test
    void theDeepestMountHoldingTheDirectoryWins() {
        assertThat(MountInfo.describe(Path.of("/var/lib/kafka"), MOUNTS)).isEqualTo("ext4 /dev/vda on / (rw,relatime)");
        assertThat(MountInfo.describe(Path.of("/tmp/kbench-1"), MOUNTS)).isEqualTo("tmpfs tmpfs on /tmp (rw,nosuid,nodev)");
        assertThat(MountInfo.describe(Path.of("/data disk/k"), MOUNTS)).isEqualTo("xfs /dev/nvme1n1 on /data disk (rw,noatime)");
    }

    @Test
    void thisMachinesTempDirIsDescribed() {
        assertThat(MountInfo.describe(Path.of(System.getProperty("java.io.tmpdir")))).isNotBlank().contains(" on /");
    }
}
