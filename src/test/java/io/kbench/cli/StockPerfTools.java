package io.kbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.kafka.common.utils.Exit;

/**
 * The stock perf tools of the kafka-tools jar on the class path (Kafka 4.3.1), in this JVM: whether their own parsers
 * take a command line, and the tools themselves run against a broker. Kafka's exit procedure is trapped meanwhile, so
 * that a refusal (which the tools end with {@code Exit.exit(1)}) becomes an answer instead of the end of the JVM.
 */
public final class StockPerfTools {
    private static final String PRODUCER = "org.apache.kafka.tools.ProducerPerformance";
    private static final String CONSUMER = "org.apache.kafka.tools.ConsumerPerformance";

    private StockPerfTools() {
    }

    /** What a stock tool printed, and the code it exited with (0 when it returned). */
    public record Outcome(int exitCode, String stdout, String stderr) {
    }

    /**
     * Why kafka-producer-perf-test refuses {@code args}, or empty when it takes them: its argparse4j parser and the
     * checks its start makes before it creates the producer ({@code ConfigPostProcessor}: one payload option, positive
     * counts, the property pairs, the payload file read).
     */
    public static Optional<String> producerRefusal(String... args) {
        return quietly(() -> {
            Class<?> tool = Class.forName(PRODUCER);
            Method argParser = tool.getDeclaredMethod("argParser");
            argParser.setAccessible(true);
            Object parser = argParser.invoke(null);
            Class<?> post = Class.forName(PRODUCER + "$ConfigPostProcessor");
            Constructor<?> check = post.getDeclaredConstructor(
                    Class.forName("net.sourceforge.argparse4j.inf.ArgumentParser"), String[].class);
            check.setAccessible(true);
            check.newInstance(parser, args);
        });
    }

    /**
     * Why kafka-consumer-perf-test refuses {@code args}, or empty when it takes them: its jopt-simple options object
     * (required and exclusive options checked in its constructor) and every value it reads before consuming (each
     * public accessor: the properties, the topic or pattern, the counts, the date format).
     */
    public static Optional<String> consumerRefusal(String... args) {
        return quietly(() -> {
            Class<?> options = Class.forName(CONSUMER + "$ConsumerPerfOptions");
            Object parsed = options.getConstructor(String[].class).newInstance((Object) args);
            for (Method m : options.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())
                        && m.getParameterCount() == 0) {
                    m.invoke(parsed);
                }
            }
        });
    }

    /** Runs kafka-producer-perf-test's main on {@code args} in this JVM. */
    public static Outcome runProducer(String... args) {
        return run(PRODUCER, args);
    }

    /** Runs kafka-consumer-perf-test's main on {@code args} in this JVM. */
    public static Outcome runConsumer(String... args) {
        return run(CONSUMER, args);
    }

    private static Outcome run(String tool, String[] args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = captured(out, err, () -> Class.forName(tool).getMethod("main", String[].class).invoke(null, (Object) args));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private interface Step {
        void run() throws ReflectiveOperationException;
    }

    /** Runs {@code step} with its output kept out of the test log; the refusal with what it printed, if it refused. */
    private static Optional<String> quietly(Step step) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = captured(out, err, step);
        if (code == 0) {
            return Optional.empty();
        }
        return Optional.of(("exit " + code + ": " + err.toString(StandardCharsets.UTF_8) + out.toString(StandardCharsets.UTF_8))
                .strip());
    }

    /** Runs {@code step} with System.out and System.err captured and Kafka's exit trapped; the code it ended with. */
    private static synchronized int captured(ByteArrayOutputStream out, ByteArrayOutputStream err, Step step) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        Object savedExit = exitProcedure();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Exit.setExitProcedure((code, message) -> {
            throw new ExitCalled(code, message);
        });
        try {
            step.run();
            return 0;
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ExitCalled exit) {
                return exit.code;
            }
            System.err.println(cause);
            return 1;
        } catch (ExitCalled exit) {
            return exit.code;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the stock tool's classes changed: " + e, e);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            if (savedExit instanceof Exit.Procedure p) {
                Exit.setExitProcedure(p);
            } else {
                Exit.resetExitProcedure();
            }
        }
    }

    private static Object exitProcedure() {
        try {
            Field f = Exit.class.getDeclaredField("exitProcedure");
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Thrown by the trap in place of the JVM's exit. */
    private static final class ExitCalled extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        ExitCalled(int code, String message) {
            super("exit " + code + (message == null ? "" : ": " + message), null, false, false);
            this.code = code;
        }
    }
}
