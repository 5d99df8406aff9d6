package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.strimzi.api.kafka.model.user.KafkaUser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * deploy/kubernetes/ read for {@link KubernetesManifestsTest} and {@link KubernetesCommandLinesTest}: every manifest
 * into the typed Kubernetes API model (fabric8) and Strimzi's, and the lookups both make (a Job, a ConfigMap, a pod's
 * environment as the kubelet would resolve it, the fields a model did not know).
 */
final class KubernetesManifests {
    static final Path DIR = Path.of("deploy/kubernetes");
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** apiVersion/kind -> the model class; a manifest of any other kind fails the test. */
    static final Map<String, Class<?>> KINDS = Map.of(
            "v1/ConfigMap", ConfigMap.class,
            "v1/Secret", Secret.class,
            "v1/PersistentVolumeClaim", PersistentVolumeClaim.class,
            "v1/Pod", Pod.class,
            "batch/v1/Job", Job.class,
            "networking.k8s.io/v1/NetworkPolicy", io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class,
            "kafka.strimzi.io/v1beta2/KafkaUser", KafkaUser.class);
    /** Secrets a script makes (a random key per installation, never in a manifest): name -> the key it holds. */
    static final Map<String, String> MADE_BY_SCRIPT = Map.of("kbench-control-key", "control.key");
    /** Run per run, not applied with the kustomization. */
    static final Set<String> NOT_IN_KUSTOMIZATION = Set.of("coordinator-job.yaml", "results-pod.yaml");
    /**
     * The CLI of the distributed workers (issue 14), not on this branch: 'kbench worker' with these options, and
     * 'kbench run --workers N'. Once they exist, the command lines are parsed in full by picocli instead.
     */
    static final Set<String> PENDING_WORKER_OPTIONS = Set.of("--bootstrap-server", "--command-config", "--id",
            "--control-bootstrap-server");
    static final String PENDING_RUN_OPTION = "--workers";

    private static List<Manifest> manifests;

    /** One YAML document of a manifest file, as its model object. */
    record Manifest(Path file, JsonNode tree, Object model) {
        String name() {
            return model instanceof HasMetadata h ? Objects.requireNonNullElse(h.getMetadata().getName(),
                    h.getMetadata().getGenerateName()) : "?";
        }
    }

    private KubernetesManifests() {
    }

    /** Every YAML document of the manifest files under {@link #DIR}, read once. */
    static synchronized List<Manifest> all() {
        if (manifests == null) {
            try {
                manifests = read();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return manifests;
    }

    private static List<Manifest> read() throws IOException {
        List<Manifest> manifests = new ArrayList<>();
        try (Stream<Path> files = Files.walk(DIR)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                if (file.getFileName().toString().equals("kustomization.yaml")) {
                    continue;
                }
                for (JsonNode tree : YAML.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile()).readAll()) {
                    manifests.add(new Manifest(file, tree, toModel(file, tree)));
                }
            }
        }
        return manifests;
    }

    static Object toModel(Path file, JsonNode tree) throws IOException {
        String key = tree.path("apiVersion").asText() + "/" + tree.path("kind").asText();
        Class<?> type = KINDS.get(key);
        assertThat(type).as(file + ": a manifest of a kind this test knows, got " + key).isNotNull();
        return YAML.treeToValue(tree, type);
    }

    /** The container's args with $(VAR) replaced as the kubelet would: from values, ConfigMaps, or a stand-in. */
    static List<String> resolved(Container c) {
        Map<String, String> env = environment(c);
        return c.getArgs().stream().map(a -> {
            String out = a;
            for (Map.Entry<String, String> e : env.entrySet()) {
                out = out.replace("$(" + e.getKey() + ")", e.getValue());
            }
            return out;
        }).toList();
    }

    static Map<String, String> environment(Container c) {
        Map<String, String> env = new LinkedHashMap<>();
        for (EnvVar v : c.getEnv()) {
            if (v.getValue() != null) {
                env.put(v.getName(), v.getValue());
            } else if (v.getValueFrom().getConfigMapKeyRef() != null) {
                ConfigMap map = find(ConfigMap.class, v.getValueFrom().getConfigMapKeyRef().getName());
                assertThat(map).as("ConfigMap of " + v.getName()).isNotNull();
                String value = map.getData().get(v.getValueFrom().getConfigMapKeyRef().getKey());
                assertThat(value).as("key of " + v.getName()).isNotNull();
                env.put(v.getName(), value);
            } else if (v.getValueFrom().getFieldRef() != null) {
                env.put(v.getName(), "0"); // the downward API: a completion index, a pod name
            }
        }
        return env;
    }

    /** The ConfigMap or Secret key that provides {@code path} in {@code c}, or null. */
    static String mountedFile(PodSpec pod, Container c, String path) {
        for (VolumeMount vm : c.getVolumeMounts()) {
            if (!path.startsWith(vm.getMountPath() + "/")) {
                continue;
            }
            String key = path.substring(vm.getMountPath().length() + 1);
            Volume v = pod.getVolumes().stream().filter(x -> x.getName().equals(vm.getName())).findFirst().orElseThrow();
            if (v.getConfigMap() != null) {
                ConfigMap map = find(ConfigMap.class, v.getConfigMap().getName());
                return map != null && map.getData().containsKey(key) ? key : null;
            }
            if (v.getSecret() != null && MADE_BY_SCRIPT.containsKey(v.getSecret().getSecretName())) {
                return MADE_BY_SCRIPT.get(v.getSecret().getSecretName()).equals(key) ? key : null;
            }
            if (v.getSecret() != null) {
                Secret secret = find(Secret.class, v.getSecret().getSecretName());
                return secret != null && secret.getStringData().containsKey(key) ? key : null;
            }
        }
        return null;
    }

    static PodSpec podSpec(Manifest m) {
        if (m.model() instanceof Job j) {
            return j.getSpec().getTemplate().getSpec();
        }
        return m.model() instanceof Pod p ? p.getSpec() : null;
    }

    static Container kbenchContainer(Manifest m) {
        return podSpec(m).getContainers().get(0);
    }

    static Manifest job(String name) {
        return all().stream().filter(m -> m.model() instanceof Job && m.name().equals(name)).findFirst().orElseThrow();
    }

    static <T extends HasMetadata> T find(Class<T> type, String name) {
        return all().stream().map(Manifest::model).filter(type::isInstance).map(type::cast)
                .filter(h -> name.equals(h.getMetadata().getName())).findFirst().orElse(null);
    }

    static String projectVersion() throws IOException {
        Matcher m = Pattern.compile("<artifactId>kbench</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("pom.xml")));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    /**
     * Every field the model did not know, as "path: [names]". fabric8 and Strimzi models keep unknown fields in
     * additionalProperties rather than failing, so the whole object graph is walked for them.
     */
    static List<String> unknownFields(Object model) {
        List<String> found = new ArrayList<>();
        walk(model, "", found, 0);
        return found;
    }

    private static void walk(Object o, String path, List<String> found, int depth) {
        if (o == null || depth > 40) {
            return;
        }
        if (o instanceof Map<?, ?> map) {
            map.forEach((k, v) -> walk(v, path + "." + k, found, depth + 1));
            return;
        }
        if (o instanceof Collection<?> items) {
            int i = 0;
            for (Object v : items) {
                walk(v, path + "[" + i++ + "]", found, depth + 1);
            }
            return;
        }
        String pkg = o.getClass().getPackageName();
        if (o instanceof Enum<?> || !(pkg.startsWith("io.fabric8.kubernetes.api.model") || pkg.startsWith("io.strimzi"))) {
            return;
        }
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class
                    || !m.getName().startsWith("get")) {
                continue;
            }
            Object value = invoke(m, o);
            if (m.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    found.add((path.isEmpty() ? "" : path.substring(1)) + ": " + new TreeSet<>(extra.keySet().stream()
                            .map(String::valueOf).toList()));
                }
                continue;
            }
            String property = Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4);
            walk(value, path + "." + property, found, depth + 1);
        }
    }

    private static Object invoke(Method m, Object o) {
        try {
            return m.invoke(o);
        } catch (IllegalAccessException | InvocationTargetException e) {
            return null; // a computed getter that does not apply (e.g. a Quantity's numeric value); not a field
        }
    }
}
