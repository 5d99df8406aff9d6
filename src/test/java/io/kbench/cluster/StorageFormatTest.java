package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Exit;
import org.junit.jupiter.api.Test;

/**
 * The storage tool's three entry points across the releases kbench runs (see {@link StorageFormat}): each gives the
 * tool's exit code, and the 3.7 form's {@code Exit.exit} is trapped without ending this JVM and then put back.
 */
class StorageFormatTest {
    /** The 3.9-4.4 form. */
    public static final class ExecuteWithStream {
        public static int execute(String[] args, PrintStream out) {
            out.print("formatted " + args.length);
            return args.length;
        }
    }

    /** The 3.8 form. */
    public static final class ExecuteOnly {
        public static int execute(String[] args) {
            return 7;
        }
    }

    /** The 3.7 form: main ends in Kafka's Exit.exit with the command's code. */
    public static final class MainOnly {
        public static void main(String[] args) {
            Exit.exit(Integer.parseInt(args[0]), "done");
            throw new AssertionError("Exit.exit returned: the trap did not throw");
        }
    }

    /** A main that returns normally means success. */
    public static final class MainReturns {
        public static void main(String[] args) {
        }
    }

    /** A tool that fails with its own exception, which the broker's start error must name. */
    public static final class Fails {
        public static int execute(String[] args, PrintStream out) {
            throw new IllegalStateException("Invalid cluster.id in meta.properties");
        }
    }

    @Test
    void executeWithAStreamIsPreferredAndItsCodeReturned() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int rc;
        try {
            rc = StorageFormat.run(ExecuteWithStream.class, new String[] {"format", "--ignore-formatted"});
        } finally {
            System.setOut(stdout);
        }
        assertThat(rc).isEqualTo(2);
        assertThat(captured.toString(StandardCharsets.UTF_8)).isEqualTo("formatted 2");
    }

    @Test
    void executeWithoutAStreamIsTheFallback() throws Exception {
        assertThat(StorageFormat.run(ExecuteOnly.class, new String[0])).isEqualTo(7);
    }

    @Test
    void mainsExitIsTrappedAsTheCodeAndKafkasExitProcedureIsPutBack() throws Exception {
        Object before = exitProcedure();

        assertThat(StorageFormat.run(MainOnly.class, new String[] {"0"})).isZero();
        assertThat(StorageFormat.run(MainOnly.class, new String[] {"3"})).isEqualTo(3);
        assertThat(StorageFormat.run(MainReturns.class, new String[0])).isZero();

        assertThat(exitProcedure()).as("the JVM's own exit procedure again, not the trap").isSameAs(before);
    }

    @Test
    void theToolsOwnExceptionIsThrownUnwrapped() {
        assertThatThrownBy(() -> StorageFormat.run(Fails.class, new String[0]))
                .isInstanceOf(IllegalStateException.class).hasMessage("Invalid cluster.id in meta.properties");
    }

    @Test
    void kbenchsOwnKafkaStorageToolRunsThroughIt() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int rc;
        try {
            rc = StorageFormat.run(Class.forName("kafka.tools.StorageTool"), new String[] {"random-uuid"});
        } finally {
            System.setOut(stdout);
        }
        assertThat(rc).isZero();
        assertThat(captured.toString(StandardCharsets.UTF_8).strip()).matches("[A-Za-z0-9_-]{22}");
    }

    private static Object exitProcedure() throws ReflectiveOperationException {
        Field f = Exit.class.getDeclaredField("exitProcedure");
        f.setAccessible(true);
        return f.get(null);
    }
}
