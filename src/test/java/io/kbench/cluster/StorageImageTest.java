package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.RunFailedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Storage images are new owner-only files; a name already taken (a file, a planted link) is refused, never followed. */
class StorageImageTest {
    private static final long SIZE = 64L << 20;

    @TempDir
    Path dir;

    @Test
    void anImageIsANewSparseOwnerOnlyFileOfItsSize() throws Exception {
        Path image = dir.resolve("a.img");
        StorageMounts.createImage(image, SIZE);

        assertThat(Files.size(image)).isEqualTo(SIZE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(image))).isEqualTo("rw-------");
        // Sparse: far fewer blocks allocated than its length (stat's %b counts 512-byte units).
        Process stat = new ProcessBuilder("stat", "--format=%b", image.toString()).start();
        long allocated = Long.parseLong(new String(stat.getInputStream().readAllBytes()).strip()) * 512;
        assertThat(stat.waitFor()).isZero();
        assertThat(allocated).isLessThan(SIZE / 16);
    }

    @Test
    void aLinkPlantedAtTheImagesNameIsNotFollowedAndItsTargetIsUntouched() throws Exception {
        Path target = Files.writeString(dir.resolve("someone-elses-file"), "keep me");
        Path image = Files.createSymbolicLink(dir.resolve("b.img"), target);

        assertThatThrownBy(() -> StorageMounts.createImage(image, SIZE)).isInstanceOf(RunFailedException.class)
                .hasMessageContaining("cluster.storage: cannot create image " + image)
                .hasMessageContaining("a file or a link");
        assertThat(Files.readString(target)).isEqualTo("keep me");
        assertThat(Files.isSymbolicLink(image)).isTrue();
        assertThat(Files.size(target)).isEqualTo(7);
        assertThat(Files.exists(image, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void aFileAlreadyThereIsNotReused() throws Exception {
        Path image = Files.writeString(dir.resolve("c.img"), "old");

        assertThatThrownBy(() -> StorageMounts.createImage(image, SIZE)).isInstanceOf(RunFailedException.class);
        assertThat(Files.readString(image)).isEqualTo("old");
    }
}
