package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code cluster.storage} and {@code cluster.heap}: what binds, what is refused, and that both sweep like any path. */
class StorageSpecTest {
    private final SpecLoader loader = new SpecLoader();

    private WorkloadSpec load(String... overrides) {
        return loader.load(null, List.of(overrides));
    }

    @Test
    void absentStaysAbsent() {
        WorkloadSpec spec = load();
        assertThat(spec.cluster().storage()).isNull();
        assertThat(spec.cluster().heap()).isNull();
    }

    @Test
    void everyFieldBindsWithItsDefaults() {
        StorageSpec s = load("cluster.storage.filesystem=xfs").cluster().storage();
        assertThat(s.filesystem()).isEqualTo(StorageFilesystem.XFS);
        assertThat(s.options()).isNull();
        assertThat(s.sizeBytes()).isEqualTo(4L << 30);
        assertThat(s.dataDirCount()).isEqualTo(1);
        StorageSpec full = load("cluster.storage.filesystem=ext4", "cluster.storage.options=noatime,data=writeback",
                "cluster.storage.size=1GiB", "cluster.storage.dataDirs=3", "cluster.storage.imageDir=/var/tmp")
                .cluster().storage();
        assertThat(full.options()).isEqualTo("noatime,data=writeback");
        assertThat(full.sizeBytes()).isEqualTo(1L << 30);
        assertThat(full.dataDirCount()).isEqualTo(3);
        assertThat(full.imageDir()).isEqualTo("/var/tmp");
        assertThat(load("cluster.heap=8g").cluster().heap()).isEqualTo("8g");
    }

    @Test
    void badValuesNameTheFieldAndTheValue() {
        assertThatThrownBy(() -> load("cluster.storage.filesystem=zfs")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("cluster.storage.filesystem").hasMessageContaining("zfs").hasMessageContaining("btrfs");
        assertThatThrownBy(() -> load("cluster.storage.options=noatime")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("cluster.storage.filesystem").hasMessageContaining("ext4, xfs, btrfs, tmpfs");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=xfs", "cluster.storage.options=noatime;reboot"))
                .hasMessageContaining("cluster.storage.options").hasMessageContaining("noatime;reboot");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=xfs", "cluster.storage.options=ro,noatime"))
                .hasMessageContaining("cluster.storage.options").hasMessageContaining("read-only");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=tmpfs", "cluster.storage.options=size=1g"))
                .hasMessageContaining("cluster.storage.options").hasMessageContaining("cluster.storage.size");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=xfs", "cluster.storage.size=100MiB"))
                .hasMessageContaining("cluster.storage.size").hasMessageContaining("512MiB");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=xfs", "cluster.storage.size=4G"))
                .hasMessageContaining("cluster.storage.size").hasMessageContaining("binary units");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=xfs", "cluster.storage.dataDirs=0"))
                .hasMessageContaining("cluster.storage.dataDirs").hasMessageContaining("between 1 and 8");
        assertThatThrownBy(() -> load("cluster.storage.filesystem=xfs", "cluster.storage.mountOptions=x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mountOptions");
        assertThatThrownBy(() -> load("cluster.heap=lots")).hasMessageContaining("cluster.heap").hasMessageContaining("lots");
    }

    @Test
    void theFilesystemIsASweepablePath() {
        WorkloadSpec ext4 = load("cluster.storage.filesystem=ext4", "cluster.storage.options=noatime");
        WorkloadSpec xfs = ext4.with("cluster.storage.filesystem", "xfs");
        assertThat(xfs.cluster().storage().filesystem()).isEqualTo(StorageFilesystem.XFS);
        assertThat(xfs.cluster().storage().options()).isEqualTo("noatime");
        assertThat(xfs.cluster()).isNotEqualTo(ext4.cluster());
        assertThat(ext4.with("cluster.storage.filesystem", "ext4").cluster()).isEqualTo(ext4.cluster());
    }
}
