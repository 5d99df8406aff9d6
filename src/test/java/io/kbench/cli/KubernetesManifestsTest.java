package io.kbench.cli;

import static io.kbench.cli.KubernetesManifests.DIR;
import static io.kbench.cli.KubernetesManifests.MADE_BY_SCRIPT;
import static io.kbench.cli.KubernetesManifests.NOT_IN_KUSTOMIZATION;
import static io.kbench.cli.KubernetesManifests.PENDING_RUN_OPTION;
import static io.kbench.cli.KubernetesManifests.YAML;
import static io.kbench.cli.KubernetesManifests.environment;
import static io.kbench.cli.KubernetesManifests.find;
import static io.kbench.cli.KubernetesManifests.job;
import static io.kbench.cli.KubernetesManifests.kbenchContainer;
import static io.kbench.cli.KubernetesManifests.mountedFile;
import static io.kbench.cli.KubernetesManifests.podSpec;
import static io.kbench.cli.KubernetesManifests.projectVersion;
import static io.kbench.cli.KubernetesManifests.toModel;
import static io.kbench.cli.KubernetesManifests.unknownFields;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.kbench.cli.KubernetesManifests.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * deploy/kubernetes/ without a Kubernetes: every manifest read into the typed Kubernetes API model (fabric8) and
 * Strimzi's, with unknown fields as errors; every name a pod refers to (ConfigMap, Secret, claim, volume, env var,
 * mounted file) defined; one image and one user for every kbench container. The command lines are
 * {@link KubernetesCommandLinesTest}'s. Nothing here talks to a cluster or builds the image.
 */
class KubernetesManifestsTest {
    private static List<Manifest> manifests;

    @BeforeAll
    static void readManifests() {
        manifests = KubernetesManifests.all();
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
        List<String> images = manifests.stream().map(KubernetesManifests::podSpec).filter(Objects::nonNull)
                .flatMap(p -> p.getContainers().stream()).map(Container::getImage).distinct().toList();
        assertThat(images).containsExactly("kbench:" + version);
        String dockerfile = Files.readString(Path.of("Dockerfile"));
        assertThat(dockerfile).contains("docker build -t kbench:" + version + " .")
                .contains("ENTRYPOINT [\"/opt/kbench/kbench\"]").contains("USER 10001:10001");
        assertThatCode(() -> Class.forName("io.kbench.cli.Main").getMethod("main", String[].class)).doesNotThrowAnyException();
        for (Manifest m : manifests) {
            PodSpec pod = podSpec(m);
            if (pod != null) {
                assertThat(pod.getSecurityContext().getRunAsUser()).as(m.file() + ": the image's user").isEqualTo(10001L);
            }
        }
    }
}
