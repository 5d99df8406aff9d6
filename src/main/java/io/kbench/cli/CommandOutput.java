package io.kbench.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command's output: picocli's writers (which tests replace with {@code CommandLine.setOut/setErr}), as the
 * {@link PrintStream} the experiment, load and report layers print to. Every byte goes straight through, so progress
 * lines ending in a carriage return show at once.
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
        return new PrintStream(new WriterStream(writer), true, StandardCharsets.UTF_8);
    }

    /** UTF-8 bytes decoded onto a writer; a character split across two writes is kept until its last byte. */
    private static final class WriterStream extends OutputStream {
        private final PrintWriter writer;
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
        private final ByteBuffer bytes = ByteBuffer.allocate(4096);
        private final CharBuffer chars = CharBuffer.allocate(4096);

        WriterStream(PrintWriter writer) {
            this.writer = writer;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            while (len > 0) {
                int n = Math.min(len, bytes.remaining());
                bytes.put(b, off, n);
                off += n;
                len -= n;
                bytes.flip();
                while (decoder.decode(bytes, chars, false).isOverflow()) {
                    drain();
                }
                drain();
                bytes.compact();
            }
            writer.flush();
        }

        private void drain() {
            chars.flip();
            writer.append(chars);
            chars.clear();
        }

        @Override
        public void flush() {
            writer.flush();
        }
    }
}
