package io.kbench.cli;

import static io.kbench.cli.KubernetesManifests.DIR;
import static io.kbench.cli.KubernetesManifests.PENDING_RUN_OPTION;
import static io.kbench.cli.KubernetesManifests.PENDING_WORKER_OPTIONS;
import static io.kbench.cli.KubernetesManifests.find;
import static io.kbench.cli.KubernetesManifests.job;
import static io.kbench.cli.KubernetesManifests.kbenchContainer;
import static io.kbench.cli.KubernetesManifests.podSpec;
import static io.kbench.cli.KubernetesManifests.resolved;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.kbench.cli.KubernetesManifests.Manifest;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import io.strimzi.api.kafka.model.user.KafkaUser;
import io.strimzi.api.kafka.model.user.KafkaUserScramSha512ClientAuthentication;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The kbench command lines of deploy/kubernetes/ parsed by kbench's own picocli model, and the coordinator's dry-run
 * with the workload and client settings as mounted (also Strimzi's, and the Secret its script makes). Nothing here
 * talks to a cluster.
 */
class KubernetesCommandLinesTest {
    private static List<Manifest> manifests;

    @BeforeAll
    static void readManifests() {
        manifests = KubernetesManifests.all();
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
}
