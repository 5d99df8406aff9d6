package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class JavaRuntimeTest {
    @Test
    void featureVersionOfOldAndNewVersionStrings() {
        assertThat(JavaRuntime.featureVersion("17.0.15")).isEqualTo(17);
        assertThat(JavaRuntime.featureVersion("25")).isEqualTo(25);
        assertThat(JavaRuntime.featureVersion("1.8.0_402")).isEqualTo(8);
        assertThat(JavaRuntime.featureVersion("garbage")).isZero();
    }

    @Test
    void defaultIsTheRunningJdk() {
        JavaRuntime java = JavaRuntime.of(null);
        assertThat(java.version()).isEqualTo(System.getProperty("java.version"));
        assertThat(java.javaExecutable()).isExecutable();
    }

    @Test
    void otherJdkVersionIsRead() {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assumeTrue(Files.isExecutable(jdk25.resolve("bin/java")), "JDK 25 not installed");
        assertThat(JavaRuntime.of(jdk25).version()).startsWith("25");
    }
}
