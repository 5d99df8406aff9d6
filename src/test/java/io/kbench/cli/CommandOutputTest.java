package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The PrintStream over picocli's writer passes text through at once, multi-byte characters included. */
class CommandOutputTest {
    @Test
    void textReachesTheWriterAtOnceEvenWithoutANewline() {
        StringWriter text = new StringWriter();
        PrintStream out = CommandOutput.over(new PrintWriter(text));
        out.print("p99 1.2 µs ");
        assertThat(text.toString()).isEqualTo("p99 1.2 µs ");
        out.println("done");
        assertThat(text.toString()).isEqualTo("p99 1.2 µs done" + System.lineSeparator());
    }

    @Test
    void aCharacterSplitAcrossTwoWritesIsKeptWhole() {
        StringWriter text = new StringWriter();
        PrintStream out = CommandOutput.over(new PrintWriter(text));
        byte[] micro = "µ".getBytes(StandardCharsets.UTF_8);
        out.write(micro, 0, 1);
        out.write(micro, 1, 1);
        out.flush();
        assertThat(text.toString()).isEqualTo("µ");
    }
}
