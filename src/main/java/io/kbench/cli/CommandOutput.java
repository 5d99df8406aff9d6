package io.kbench.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.commons.io.output.WriterOutputStream;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command's output: picocli's writers (which tests replace with {@code CommandLine.setOut/setErr}), as the
 * {@link PrintStream} the experiment, load and report layers print to. Every write goes straight through, so a line
 * printed in parts shows at once.
 */
final class CommandOutput {
    private CommandOutput() {
    }

    /** The command's standard output. */
    static PrintStream out(CommandSpec spec) {
        return over(spec.commandLine().getOut());
    }

    /** The command's standard error. */
    static PrintStream err(CommandSpec spec) {
        return over(spec.commandLine().getErr());
    }

    static PrintStream over(PrintWriter writer) {
        WriterOutputStream decoded;
        try {
            decoded = WriterOutputStream.builder().setWriter(writer).setCharset(StandardCharsets.UTF_8)
                    .setWriteImmediately(true).get();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // only thrown for a builder without a writer
        }
        // Flushed after every write, not only at a newline, so a line printed in parts shows at once.
        return new PrintStream(new FilterOutputStream(decoded) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                out.flush();
            }
        }, true, StandardCharsets.UTF_8);
    }
}
