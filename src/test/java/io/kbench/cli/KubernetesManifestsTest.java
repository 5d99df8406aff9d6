package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import io.strimzi.api.kafka.model.user.KafkaUser;
import io.strimzi.api.kafka.model.user.KafkaUserScramSha512ClientAuthentication;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * deploy/kubernetes/ without a Kubernetes: every manifest read into the typed Kubernetes API model (fabric8) and
 * Strimzi's, with unknown fields as errors; every name a pod refers to (ConfigMap, Secret, claim, volume, env var,
 * mounted file) defined; the kbench command lines parsed by kbench's own picocli model and the coordinator's dry-run
 * with the workload and client settings as mounted. Nothing here talks to a cluster or builds the image.
 */
class KubernetesManifestsTest {
    private static final Path DIR = Path.of("deploy/kubernetes");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** apiVersion/kind -> the model class; a manifest of any other kind fails the test. */
    private static final Map<String, Class<?>> KINDS = Map.of(
            "v1/ConfigMap", ConfigMap.class,
            "v1/Secret", Secret.class,
            "v1/PersistentVolumeClaim", PersistentVolumeClaim.class,
            "v1/Pod", Pod.class,
            "batch/v1/Job", Job.class,
            "networking.k8s.io/v1/NetworkPolicy", io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class,
            "kafka.strimzi.io/v1beta2/KafkaUser", KafkaUser.class);
    /** Secrets a script makes (a random key per installation, never in a manifest): name -> the key it holds. */
    private static final Map<String, String> MADE_BY_SCRIPT = Map.of("kbench-control-key", "control.key");
    /** Run per run, not applied with the kustomization. */
    private static final Set<String> NOT_IN_KUSTOMIZATION = Set.of("coordinator-job.yaml", "results-pod.yaml");
    /**
     * The CLI of the distributed workers (issue 14), not on this branch: 'kbench worker' with these options, and
     * 'kbench run --workers N'. Once they exist, the command lines are parsed in full by picocli instead.
     */
    private static final Set<String> PENDING_WORKER_OPTIONS = Set.of("--bootstrap-server", "--command-config", "--id",
            "--control-bootstrap-server");
    private static final String PENDING_RUN_OPTION = "--workers";

    private static List<Manifest> manifests;

    /** One YAML document of a manifest file, as its model object. */
    record Manifest(Path file, JsonNode tree, Object model) {
        String name() {
            return model instanceof HasMetadata h ? Objects.requireNonNullElse(h.getMetadata().getName(),
                    h.getMetadata().getGenerateName()) : "?";
        }
    }

    @BeforeAll
    static void readManifests() throws IOException {
        manifests = new ArrayList<>();
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
    }

    private static Object toModel(Path file, JsonNode tree) throws IOException {
        String key = tree.path("apiVersion").asText() + "/" + tree.path("kind").asText();
        Class<?> type = KINDS.get(key);
        assertThat(type).as(file + ": a manifest of a kind this test knows, got " + key).isNotNull();
        return YAML.treeToValue(tree, type);
    }

    @Test
    void everyManifestIsTheTypedModelWithNoUnknownField() {
        assertThat(manifests).extracting(m -> m.tree().path("kind").asText())
                .contains("Job", "ConfigMap", "Secret", "PersistentVolumeClaim", "Pod", "KafkaUser");
        for (Manifest m : manifests) {
            assertThat(unknownFields(m.model())).as(m.file() + " " + m.name() + ": fields the API does not have").isEmpty();
        }
    }

    @Test
    void aMisspelledFieldIsFound() throws IOException {
        Manifest workers = job("kbench-workers");
        ObjectNode tree = workers.tree().deepCopy();
        ((ObjectNode) tree.at("/spec/template/spec/containers/0")).put("imagePullPolcy", "Always");
        ((ObjectNode) tree.at("/spec")).put("completion", 3);
        assertThat(unknownFields(toModel(workers.file(), tree))).containsExactlyInAnyOrder(
                "spec: [completion]", "spec.template.spec.containers[0]: [imagePullPolcy]");
    }

    @Test
    void theKustomizationListsEveryManifestButThoseMadeOncePerRun() throws IOException {
        JsonNode k = YAML.readTree(DIR.resolve("kustomization.yaml").toFile());
        Set<String> listed = new TreeSet<>();
        k.path("resources").forEach(r -> listed.add(r.asText()));
        Set<String> files = new TreeSet<>();
        try (Stream<Path> top = Files.list(DIR)) {
            top.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml") && !n.equals("kustomization.yaml"))
                    .filter(n -> !NOT_IN_KUSTOMIZATION.contains(n)).forEach(files::add);
        }
        assertThat(listed).isEqualTo(files);
    }

    @Test
    void everyNameAPodUsesIsDefined() {
        for (Manifest m : manifests) {
            PodSpec pod = podSpec(m);
            if (pod == null) {
                continue;
            }
            String where = m.file() + " " + m.name();
            Map<String, Volume> volumes = new HashMap<>();
            pod.getVolumes().forEach(v -> volumes.put(v.getName(), v));
            for (Volume v : pod.getVolumes()) {
                if (v.getConfigMap() != null) {
                    assertThat(find(ConfigMap.class, v.getConfigMap().getName())).as(where + " ConfigMap").isNotNull();
                }
                if (v.getSecret() != null && !Boolean.TRUE.equals(v.getSecret().getOptional())
                        && !MADE_BY_SCRIPT.containsKey(v.getSecret().getSecretName())) {
                    assertThat(find(Secret.class, v.getSecret().getSecretName())).as(where + " Secret").isNotNull();
                }
                if (v.getPersistentVolumeClaim() != null) {
                    assertThat(find(PersistentVolumeClaim.class, v.getPersistentVolumeClaim().getClaimName()))
                            .as(where + " claim").isNotNull();
                }
            }
            for (Container c : pod.getContainers()) {
                c.getVolumeMounts().forEach(vm -> assertThat(volumes).as(where + " mount " + vm.getName())
                        .containsKey(vm.getName()));
                Map<String, String> env = environment(c);
                for (String arg : c.getArgs()) {
                    Matcher ref = Pattern.compile("\\$\\(([A-Z_]+)\\)").matcher(arg);
                    while (ref.find()) {
                        assertThat(env).as(where + " $(" + ref.group(1) + ")").containsKey(ref.group(1));
                    }
                    if (arg.startsWith("/etc/kbench/")) {
                        assertThat(mountedFile(pod, c, arg)).as(where + ": " + arg + " is a mounted file").isNotNull();
                    }
                }
            }
        }
    }

    @Test
    void noPodGetsATokenAndANetworkPolicyAdmitsNothingButTheKafkaCluster() {
        for (Manifest m : manifests) {
            PodSpec pod = podSpec(m);
            if (pod != null) {
                assertThat(pod.getAutomountServiceAccountToken()).as(m.file() + ": automountServiceAccountToken").isFalse();
            }
        }
        var policy = manifests.stream().map(Manifest::model)
                .filter(io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class::isInstance)
                .map(io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class::cast).findFirst().orElseThrow();
        assertThat(policy.getSpec().getPodSelector().getMatchLabels()).containsEntry("app.kubernetes.io/name", "kbench");
        assertThat(policy.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
        assertThat(policy.getSpec().getIngress()).as("no inbound traffic").isEmpty();
        assertThat(policy.getSpec().getEgress()).allSatisfy(rule -> assertThat(rule.getTo()).isNotEmpty());
    }

    @Test
    void theMavenWrapperVerifiesTheDistributionItDownloads() throws IOException {
        String wrapper = Files.readString(Path.of(".mvn/wrapper/maven-wrapper.properties"));
        assertThat(wrapper).containsPattern("(?m)^distributionSha256Sum=[0-9a-f]{64}$");
    }

    /** The log4j that kbench and the embedded brokers log through has the 2025 fixes (CVE-2025-68161: 2.25.3). */
    @Test
    void log4jHasThe2025Fixes() {
        String version = org.apache.logging.log4j.core.LoggerContext.class.getPackage().getImplementationVersion();
        int[] parts = java.util.Arrays.stream(version.split("[.-]")).limit(3).mapToInt(Integer::parseInt).toArray();
        assertThat(parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2]).as("log4j-core " + version)
                .isGreaterThanOrEqualTo(2_025_003);
    }

    @Test
    void theWorkerCountsAgreeAndEveryKbenchContainerRunsThisVersionsImage() throws IOException {
        Job workers = (Job) job("kbench-workers").model();
        List<String> coordinator = kbenchContainer(job("kbench-run-")).getArgs();
        int n = Integer.parseInt(coordinator.get(coordinator.indexOf(PENDING_RUN_OPTION) + 1));
        assertThat(workers.getSpec().getCompletions()).isEqualTo(n);
        assertThat(workers.getSpec().getParallelism()).isEqualTo(n);
        assertThat(workers.getSpec().getCompletionMode()).isEqualTo("Indexed");

        String version = projectVersion();
        List<String> images = manifests.stream().map(KubernetesManifestsTest::podSpec).filter(Objects::nonNull)
                .flatMap(p -> p.getContainers().stream()).map(Container::getImage).distinct().toList();
        assertThat(images).containsExactly("kbench:" + version);
        String dockerfile = Files.readString(Path.of("Dockerfile"));
        assertThat(dockerfile).contains("docker build -t kbench:" + version + " .")
                .contains("\"io.kbench.cli.Main\"]").contains("USER 10001:10001");
        assertThatCode(() -> Class.forName("io.kbench.cli.Main").getMethod("main", String[].class)).doesNotThrowAnyException();
        for (Manifest m : manifests) {
            PodSpec pod = podSpec(m);
            if (pod != null) {
                assertThat(pod.getSecurityContext().getRunAsUser()).as(m.file() + ": the image's user").isEqualTo(10001L);
            }
        }
    }

    @Test
    void theKbenchCommandLinesParseWithKbenchsOwnOptions() {
        int parsed = 0;
        for (Manifest m : manifests) {
            PodSpec pod = podSpec(m);
            if (pod == null || pod.getContainers().get(0).getCommand().size() > 0) {
                continue; // the results pod runs sleep, not kbench
            }
            List<String> args = resolved(pod.getContainers().get(0));
            CommandLine cli = Main.newCommandLine();
            CommandLine sub = cli.getSubcommands().get(args.get(0));
            if (sub == null) {
                assertThat(args.get(0)).as(m.file() + ": a command kbench does not have").isEqualTo("worker");
                assertPendingWorkerLine(m, args);
                continue;
            }
            List<String> known = new ArrayList<>(args);
            int pending = known.indexOf(PENDING_RUN_OPTION);
            if (pending >= 0 && sub.getCommandSpec().findOption(PENDING_RUN_OPTION) == null) {
                known.subList(pending, pending + 2).clear();
            }
            assertThatCode(() -> cli.parseArgs(known.toArray(String[]::new))).as(m.file() + ": " + known)
                    .doesNotThrowAnyException();
            parsed++;
        }
        assertThat(parsed).as("command lines parsed by picocli").isPositive();
    }

    /** Until 'kbench worker' exists: its command line uses exactly the agreed options, each with a value. */
    private static void assertPendingWorkerLine(Manifest m, List<String> args) {
        for (int i = 1; i < args.size(); i += 2) {
            assertThat(PENDING_WORKER_OPTIONS).as(m.file() + ": worker option").contains(args.get(i));
            assertThat(i + 1).as(m.file() + ": a value for " + args.get(i)).isLessThan(args.size());
            assertThat(args.get(i + 1)).doesNotStartWith("--");
        }
        assertThat(args).contains("--bootstrap-server");
    }

    @Test
    void theWorkloadConfigMapIsAValidWorkload(@TempDir Path tmp) throws IOException {
        Path workload = Files.writeString(tmp.resolve("workload.yaml"),
                find(ConfigMap.class, "kbench-workload").getData().get("workload.yaml"));
        WorkloadSpec spec = new SpecLoader().load(workload, List.of());
        assertThat(spec.name()).isEqualTo("k8s-acks-all");
        assertThat(spec.topic().name()).as("a topic the KafkaUser's ACLs cover").startsWith("kbench");
    }

    @Test
    void theCoordinatorsRunPassesEveryCheckOfADryRunWithTheFilesAsMounted(@TempDir Path tmp) throws IOException {
        CliRun run = dryRun(kbenchContainer(job("kbench-run-")), tmp, null);
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).as(run.transcript()).contains("k8s-acks-all").contains("my-cluster-kafka-bootstrap:9092");
    }

    @Test
    void theStrimziClientSettingsPassKbenchsChecks(@TempDir Path tmp) throws IOException {
        Map<String, String> secrets = Map.of(
                "client-scram.properties", "org.apache.kafka.common.security.scram.ScramLoginModule required"
                        + " username=\"kbench\" password=\"p4ss\";",
                "client-tls.properties", "p4ss");
        for (Map.Entry<String, String> e : secrets.entrySet()) {
            String props = Files.readString(DIR.resolve("strimzi").resolve(e.getKey())).replace("@SECRET@", e.getValue());
            for (String line : props.lines().filter(l -> !l.startsWith("#") && l.contains("/etc/kbench/")).toList()) {
                String path = line.substring(line.indexOf('=') + 1);
                Container c = kbenchContainer(job("kbench-workers"));
                assertThat(c.getVolumeMounts()).as(e.getKey() + ": " + path + " is mounted")
                        .anyMatch(vm -> path.startsWith(vm.getMountPath() + "/"));
            }
            CliRun run = dryRun(kbenchContainer(job("kbench-run-")), tmp, props);
            assertThat(run.exitCode()).as(e.getKey() + "\n" + run.transcript()).isZero();
        }
        KafkaUser user = (KafkaUser) manifests.stream().filter(m -> m.model() instanceof KafkaUser).findFirst()
                .orElseThrow().model();
        assertThat(user.getSpec().getAuthentication()).isInstanceOf(KafkaUserScramSha512ClientAuthentication.class);
        String cluster = user.getMetadata().getLabels().get("strimzi.io/cluster");
        Set<String> secretNames = new TreeSet<>();
        podSpec(job("kbench-workers")).getVolumes().stream().filter(v -> v.getSecret() != null)
                .forEach(v -> secretNames.add(v.getSecret().getSecretName()));
        assertThat(secretNames).contains(user.getMetadata().getName(), cluster + "-cluster-ca-cert");
        assertThat(find(ConfigMap.class, "kbench-target").getData().get("bootstrap.servers"))
                .startsWith(cluster + "-kafka-bootstrap:");
    }

    @Test
    void clientSecretShMakesTheSecretFromTheKafkaUsersOneByteForByte(@TempDir Path tmp) throws Exception {
        // A stand-in kubectl: answers 'get secret' with the value, keeps what 'create secret' and 'apply' were given.
        String value = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kbench\""
                + " password=\"a&b\\\\c/d|e\";";
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path kubectl = Files.writeString(bin.resolve("kubectl"), """
                #!/usr/bin/env bash
                case "$1 $2" in
                  "config view") echo -n ns1 ;;
                  "get secret") echo "$@" > "$OUT/get.args"; echo -n "$VALUE_B64" ;;
                  "create secret") for a in "$@"; do case "$a" in --from-file=client.properties=*) cp "${a#*=client.properties=}" "$OUT/client.properties" ;; esac; done; echo "$@" > "$OUT/create.args"; echo "kind: Secret" ;;
                  "apply -f") cat > "$OUT/applied.yaml" ;;
                esac
                """);
        kubectl.toFile().setExecutable(true);
        ProcessBuilder pb = new ProcessBuilder("bash", DIR.resolve("strimzi/client-secret.sh").toString(), "scram")
                .redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("OUT", tmp.toString());
        pb.environment().put("VALUE_B64", Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)));
        Process p = pb.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(Files.readString(tmp.resolve("get.args"))).contains("secret kbench -n ns1");
        assertThat(Files.readString(tmp.resolve("create.args"))).contains("generic kbench-client -n ns1");
        assertThat(Files.readString(tmp.resolve("client.properties"))).contains("\nsasl.jaas.config=" + value + "\n")
                .doesNotContain("@SECRET@");
        assertThat(Files.readString(tmp.resolve("applied.yaml"))).isEqualTo("kind: Secret\n");
        assertThat(output).doesNotContain("p4ss").doesNotContain("a&b");
    }

    /**
     * 'kbench run ... --dry-run' with the coordinator's arguments (less the workers' option, not on this branch), the
     * mounted files written under {@code tmp}, and {@code clientProperties} (null: the Secret's) as the client settings.
     */
    private static CliRun dryRun(Container coordinator, Path tmp, String clientProperties) throws IOException {
        Path workload = Files.writeString(tmp.resolve("workload.yaml"),
                find(ConfigMap.class, "kbench-workload").getData().get("workload.yaml"));
        Path client = Files.writeString(tmp.resolve("client.properties"), clientProperties != null ? clientProperties
                : find(Secret.class, "kbench-client").getStringData().get("client.properties"));
        Path controlKey = Files.writeString(tmp.resolve("control.key"), "0123456789abcdef".repeat(4) + "\n");
        List<String> args = new ArrayList<>();
        List<String> given = resolved(coordinator);
        for (int i = 0; i < given.size(); i++) {
            String a = given.get(i);
            if (a.equals(PENDING_RUN_OPTION) && Main.newCommandLine().getSubcommands().get("run").getCommandSpec()
                    .findOption(PENDING_RUN_OPTION) == null) {
                i++;
                continue;
            }
            args.add(a.equals("/etc/kbench/workload/workload.yaml") ? workload.toString()
                    : a.equals("/etc/kbench/client/client.properties") ? client.toString()
                    : a.equals("/etc/kbench/control/control.key") ? controlKey.toString()
                    : a.equals("/results") ? tmp.resolve("results").toString() : a);
        }
        args.add("--dry-run");
        return CliRun.of(args.toArray(String[]::new));
    }

    /** The container's args with $(VAR) replaced as the kubelet would: from values, ConfigMaps, or a stand-in. */
    private static List<String> resolved(Container c) {
        Map<String, String> env = environment(c);
        return c.getArgs().stream().map(a -> {
            String out = a;
            for (Map.Entry<String, String> e : env.entrySet()) {
                out = out.replace("$(" + e.getKey() + ")", e.getValue());
            }
            return out;
        }).toList();
    }

    private static Map<String, String> environment(Container c) {
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
    private static String mountedFile(PodSpec pod, Container c, String path) {
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

    private static PodSpec podSpec(Manifest m) {
        if (m.model() instanceof Job j) {
            return j.getSpec().getTemplate().getSpec();
        }
        return m.model() instanceof Pod p ? p.getSpec() : null;
    }

    private static Container kbenchContainer(Manifest m) {
        return podSpec(m).getContainers().get(0);
    }

    private static Manifest job(String name) {
        return manifests.stream().filter(m -> m.model() instanceof Job && m.name().equals(name)).findFirst().orElseThrow();
    }

    private static <T extends HasMetadata> T find(Class<T> type, String name) {
        return manifests.stream().map(Manifest::model).filter(type::isInstance).map(type::cast)
                .filter(h -> name.equals(h.getMetadata().getName())).findFirst().orElse(null);
    }

    private static String projectVersion() throws IOException {
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
