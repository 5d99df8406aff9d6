package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The pipe from a parent kbench: the launch it carries, and its end, which means the parent is gone. */
class ParentPipeTest {
    @Test
    void aLaunchArrivesAsSentAndLeavesTheRestOfThePipe() throws IOException {
        List<String> args = List.of("run", "w.yaml", "--command-property", "sasl.jaas.config=x password=\"p1\";", "",
                "--tag", "note=grüße, 日本", "x".repeat(100_000));
        ByteArrayOutputStream pipe = new ByteArrayOutputStream();
        ParentPipe.send(pipe, new ParentPipe.Launch(args, Map.of("javax.net.ssl.keyStorePassword", "p2")));
        pipe.write("rest".getBytes());
        ByteArrayInputStream in = new ByteArrayInputStream(pipe.toByteArray());

        ParentPipe.Launch received = ParentPipe.receive(in);
        assertThat(received.args()).isEqualTo(args);
        assertThat(received.properties()).containsExactly(Map.entry("javax.net.ssl.keyStorePassword", "p2"));
        assertThat(new String(in.readAllBytes())).isEqualTo("rest");
    }

    @Test
    void aCutOrCorruptLaunchIsRefused() throws IOException {
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        ParentPipe.send(whole, new ParentPipe.Launch(List.of("run", "--results-dir", "r"), Map.of()));
        byte[] cut = Arrays.copyOf(whole.toByteArray(), whole.size() - 3);
        assertThatThrownBy(() -> ParentPipe.receive(new ByteArrayInputStream(cut))).isInstanceOf(IOException.class);

        ByteArrayOutputStream huge = new ByteArrayOutputStream();
        new DataOutputStream(huge).writeInt(Integer.MAX_VALUE);
        assertThatThrownBy(() -> ParentPipe.receive(new ByteArrayInputStream(huge.toByteArray())))
                .isInstanceOf(IOException.class).hasMessage("not a kbench launch: " + Integer.MAX_VALUE + " items");
    }

    @Test
    void theWatcherActsOnTheEndOfThePipeOnly() throws Exception {
        PipedOutputStream parent = new PipedOutputStream();
        PipedInputStream child = new PipedInputStream(parent);
        CountDownLatch gone = new CountDownLatch(1);
        Thread watcher = ParentPipe.watch(child, gone::countDown);
        assertThat(watcher.isDaemon()).isTrue();

        parent.write("ignored".getBytes());
        parent.flush();
        assertThat(gone.await(300, TimeUnit.MILLISECONDS)).as("bytes are no end").isFalse();
        parent.close();
        assertThat(gone.await(10, TimeUnit.SECONDS)).as("the end of the pipe").isTrue();
    }
}
