package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TieredStorageParamsTest {
    @TempDir
    Path dir;

    @Test
    void theLocalManagerIsOnKbenchsClassPathAndGetsTheClusterDirectory() {
        TieredStorageParams p = new TieredStorageParams(TieredStorageParams.LOCAL_MANAGER, List.of(),
                Map.of("delete.on.close", "true"), 1000);
        Map<String, String> node = new TreeMap<>(p.brokerConfig(1));
        node.put("inter.broker.listener.name", "REPLICATION");
        TieredStorageParams.perNode(node, dir);

        assertThat(node).containsEntry("remote.log.storage.system.enable", "true")
                .containsEntry("remote.log.storage.manager.class.name", TieredStorageParams.LOCAL_MANAGER)
                .containsEntry("remote.log.manager.task.interval.ms", "1000")
                .containsEntry("log.retention.check.interval.ms", "1000")
                .containsEntry("log.initial.task.delay.ms", "1000")
                .containsEntry("rlmm.config.remote.log.metadata.topic.replication.factor", "1")
                .containsEntry("rsm.config.delete.on.close", "true")
                .containsEntry("rsm.config.dir", dir.resolve("remote-storage").toString())
                .containsEntry("remote.log.metadata.manager.listener.name", "REPLICATION")
                .doesNotContainKey("remote.log.storage.manager.class.path");
        assertThat(p.brokerConfig(5)).containsEntry("rlmm.config.remote.log.metadata.topic.replication.factor", "3");
    }

    @Test
    void aUsersSettingsWinAndAConfigWithoutRemoteStorageGetsNothing() {
        Map<String, String> mine = new TreeMap<>(Map.of("remote.log.storage.system.enable", "true",
                "remote.log.storage.manager.class.name", TieredStorageParams.LOCAL_MANAGER, "rsm.config.dir", "/data/rsm"));
        TieredStorageParams.perNode(mine, dir);
        assertThat(mine).containsEntry("rsm.config.dir", "/data/rsm");

        Map<String, String> plain = new TreeMap<>(Map.of("num.io.threads", "8"));
        TieredStorageParams.perNode(plain, dir);
        assertThat(plain).containsOnlyKeys("num.io.threads");
    }

    @Test
    void aNamedManagerIsLookedUpInItsJars() throws IOException {
        Path jar = dir.resolve("rsm.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new ZipEntry("com/example/Rsm.class"));
            j.closeEntry();
        }
        TieredStorageParams p = new TieredStorageParams("com.example.Rsm", List.of(jar), Map.of(), 500);
        assertThat(p.brokerConfig(1)).containsEntry("remote.log.storage.manager.class.path", jar.toString());

        assertThatThrownBy(() -> new TieredStorageParams("com.example.Other", List.of(jar), Map.of(), 500))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("is in none of");
        Path notAJar = Files.writeString(dir.resolve("notes.txt"), "hello");
        assertThatThrownBy(() -> new TieredStorageParams("com.example.Rsm", List.of(notAJar), Map.of(), 500))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("neither a directory nor a readable jar");
    }
}
