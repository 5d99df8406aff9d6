package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The launcher's class archive is its JDK's: a JVM re-launched on another JDK neither reads nor writes it. */
class ClientJvmArgsTest {
    @Test
    void theLaunchersClassArchiveFlagsStayBehindTheOthersGoAlong() {
        List<String> args = ClientJvm.withoutClassArchive(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-XX:SharedArchiveFile=/k/target/cds/run-1-2.jsa", "-XX:ArchiveClassesAtExit=/k/target/cds/x.tmp",
                "-Xlog:cds=off", "-Dx=y"));
        assertThat(args).containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xlog:cds=off", "-Dx=y");
    }
}
