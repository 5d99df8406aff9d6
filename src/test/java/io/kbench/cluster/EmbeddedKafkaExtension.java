package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * What {@link EmbeddedKafka} promises: the class's shared cluster, kept in the class's {@link ExtensionContext.Store}
 * and closed with it, and the leftover-process check after each test and after the class.
 */
public final class EmbeddedKafkaExtension implements BeforeAllCallback, ParameterResolver, AfterEachCallback,
        AfterAllCallback {
    private static final Namespace NAMESPACE = Namespace.create(EmbeddedKafkaExtension.class);
    /** How long a broker may take to exit after its run ended (a stop waits up to 20 s before SIGKILL). */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(30);

    /** Sets the class's static {@link EmbeddedCluster} fields to the shared cluster. */
    @Override
    public void beforeAll(ExtensionContext context) throws IllegalAccessException {
        for (Class<?> c = context.getRequiredTestClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getType() == EmbeddedCluster.class && Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    f.set(null, sharedCluster(context));
                }
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == EmbeddedCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return sharedCluster(context);
    }

    /** The cluster {@link EmbeddedKafka} describes for the test class of {@code context}, started on first use. */
    private static EmbeddedCluster sharedCluster(ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        EmbeddedKafka spec = AnnotationSupport.findAnnotation(testClass, EmbeddedKafka.class)
                .orElseThrow(() -> new IllegalStateException(testClass + " has no @EmbeddedKafka"));
        ExtensionContext classContext = classContext(context);
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(SharedCluster.class,
                k -> new SharedCluster(EmbeddedCluster.start(params(spec), true, System.out)), SharedCluster.class).cluster;
    }

    static ClusterParams params(EmbeddedKafka spec) {
        Map<String, String> config = new LinkedHashMap<>();
        for (String setting : spec.brokerConfig()) {
            int eq = setting.indexOf('=');
            config.put(setting.substring(0, eq), setting.substring(eq + 1));
        }
        return new ClusterParams(spec.brokers(), null, false, config, null, spec.heap(), List.of(), null)
                .withSecurity(spec.security().clusterSecurity());
    }

    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext c = context;
        while (c.getTestMethod().isPresent() && c.getParent().isPresent()) {
            c = c.getParent().get();
        }
        return c;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        assertNothingLeftUnder(tempDirs(context.getRequiredTestClass(), context.getRequiredTestInstance()));
        // A pause fault's guard (PauseGuard) resumes its broker if kbench dies; once the run is over none may be left.
        assertThat(ProcessHandle.current().descendants()
                .filter(p -> ClusterTestSupport.commandLine(p).contains("kill -CONT")).map(ProcessHandle::pid).toList())
                .as("pause guards left behind").isEmpty();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        SharedCluster shared = context.getStore(NAMESPACE).remove(SharedCluster.class, SharedCluster.class);
        if (shared != null) {
            shared.close();
        }
        assertNothingLeftUnder(tempDirs(context.getRequiredTestClass(), null));
    }

    /**
     * Stops the {@code kbench cluster start} clusters a test left under {@code dirs}, then asserts, waiting for
     * brokers that are still shutting down, that no broker JVM naming one of {@code dirs} runs.
     */
    static void assertNothingLeftUnder(List<Path> dirs) throws InterruptedException {
        for (Path dir : dirs) {
            stopDetachedClusters(dir);
        }
        for (Path dir : dirs) {
            ClusterTestSupport.assertNoBrokerLeft(dir, EXIT_WAIT);
        }
    }

    private static void stopDetachedClusters(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> clusterDirs;
        try (Stream<Path> files = Files.walk(dir, 3)) {
            clusterDirs = files.filter(f -> f.getFileName().toString().equals(ClusterState.FILE_NAME))
                    .map(Path::getParent).toList();
        } catch (IOException | UncheckedIOException e) {
            return; // a directory went away while walking: nothing of ours is there
        }
        for (Path clusterDir : clusterDirs) {
            try {
                RecordedCluster.stop(clusterDir, false);
            } catch (RuntimeException e) {
                // Not stoppable the polite way: SIGKILL whatever still runs from its cluster.json.
                ClusterState.read(clusterDir).ifPresent(s -> s.brokers().forEach(b -> ProcessHandle.of(b.pid())
                        .filter(p -> b.isRunning()).ifPresent(ProcessHandle::destroyForcibly)));
            }
        }
    }

    /** The {@code @TempDir} Path fields of {@code instance}, or with none the static ones of {@code type}. */
    private static List<Path> tempDirs(Class<?> type, Object instance) throws IllegalAccessException {
        boolean statics = instance == null;
        List<Path> dirs = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(TempDir.class) && f.getType() == Path.class
                        && Modifier.isStatic(f.getModifiers()) == statics) {
                    f.setAccessible(true);
                    Object value = f.get(statics ? null : instance);
                    if (value != null) {
                        dirs.add((Path) value);
                    }
                }
            }
        }
        return dirs;
    }

    /** The class's cluster as a store value: closed with the store if the class ends before {@code afterAll}. */
    private static final class SharedCluster implements ExtensionContext.Store.CloseableResource {
        private final EmbeddedCluster cluster;

        SharedCluster(EmbeddedCluster cluster) {
            this.cluster = cluster;
        }

        @Override
        public void close() throws InterruptedException {
            List<Long> pids = cluster.pids();
            cluster.close();
            long deadline = System.nanoTime() + EXIT_WAIT.toNanos();
            while (pids.stream().anyMatch(ClusterTestSupport::alive) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(pids).as("brokers of the shared cluster left behind: " + Arrays.toString(pids.toArray()))
                    .noneMatch(ClusterTestSupport::alive);
        }
    }
}
