package io.kbench.cluster;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Runs a release's own storage tool ({@code kafka.tools.StorageTool}) inside the broker JVM before Kafka starts, by
 * whichever entry point that release has. Read in the released class files of kafka_2.13: 3.9.1, 4.3.1 and 4.4.0
 * have {@code execute(String[], PrintStream)} returning the exit code, 3.7.2 and 3.8.1 {@code execute(String[])}, and
 * 3.7.0 only {@code main}, which ends in {@code Exit.exit(code)}: that exit is trapped through Kafka's own hook
 * ({@code org.apache.kafka.common.utils.Exit.setExitProcedure}, which {@code kafka.utils.Exit} delegates to) so that
 * formatting returns its code instead of ending the JVM, and the hook is put back as it was.
 */
final class StorageFormat {
    static final String EXIT_CLASS = "org.apache.kafka.common.utils.Exit";

    private StorageFormat() {
    }

    /** Runs {@code tool} with {@code args}; its exit code. An exception of the tool is thrown as it is. */
    static int run(Class<?> tool, String[] args) throws Exception {
        Method execute = method(tool, "execute", String[].class, PrintStream.class);
        if (execute != null) {
            return (int) invoke(execute, args, System.out);
        }
        execute = method(tool, "execute", String[].class);
        if (execute != null) {
            return (int) invoke(execute, (Object) args);
        }
        return mainTrapped(tool, args);
    }

    /** {@code tool.main(args)} with Kafka's exit procedure trapped: the code it would have exited with. */
    private static int mainTrapped(Class<?> tool, String[] args) throws Exception {
        ClassLoader loader = tool.getClassLoader();
        Class<?> exit = Class.forName(EXIT_CLASS, true, loader);
        Class<?> procedure = Class.forName(EXIT_CLASS + "$Procedure", true, loader);
        Object trap = Proxy.newProxyInstance(loader, new Class<?>[] {procedure}, (proxy, m, a) -> switch (m.getName()) {
            case "execute" -> throw new ExitCalled((Integer) a[0]);
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == a[0];
            default -> "kbench storage format exit trap";
        });
        Object saved = current(exit);
        exit.getMethod("setExitProcedure", procedure).invoke(null, trap);
        try {
            invoke(tool.getMethod("main", String[].class), (Object) args);
            return 0;
        } catch (ExitCalled e) {
            return e.code;
        } finally {
            restore(exit, procedure, saved);
        }
    }

    /** The exit procedure installed now, or null when the field cannot be read (then Kafka's reset restores it). */
    private static Object current(Class<?> exit) {
        try {
            Field f = exit.getDeclaredField("exitProcedure");
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The procedure from before the trap: Kafka's fatal errors must still end the broker JVM. Newer releases' reset
     * installs a no-op meant for tests, so the saved one is put back whenever it could be read.
     */
    private static void restore(Class<?> exit, Class<?> procedure, Object saved) throws ReflectiveOperationException {
        if (saved != null) {
            exit.getMethod("setExitProcedure", procedure).invoke(null, saved);
        } else {
            exit.getMethod("resetExitProcedure").invoke(null);
        }
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** The tool's own exception, not the reflection wrapper, so the broker's start error names it. */
    private static Object invoke(Method m, Object... args) throws Exception {
        try {
            return m.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Thrown by the trap in place of the JVM's exit. */
    static final class ExitCalled extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        ExitCalled(int code) {
            super("exit " + code, null, false, false);
            this.code = code;
        }
    }
}
