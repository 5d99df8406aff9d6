package io.kbench.client;

import static io.kbench.client.SecuredRuns.assertNoSecretMaterial;
import static io.kbench.client.SecuredRuns.securedRun;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** KRaft's StandardAuthorizer on an embedded SASL_SSL cluster: ACLs created before the load, a missing one refused. */
@EmbeddedKafka
class AclIT {
    @TempDir
    Path results;

    @Test
    void withTheWorkloadsAclsAndAThousandOthersTheRunCompletes() throws IOException {
        RunResult result = securedRun(results, "--set", "cluster.security.protocol=sasl-ssl", "--set", "cluster.security.acls.count=1000");
        assertThat(result.cluster().security().authorizer()).isEqualTo("StandardAuthorizer");
        assertThat(result.cluster().security().acls()).isEqualTo(1014);
        assertThat(result.workload().cluster().security().acls().count()).isEqualTo(1000);
        assertThat(result.cluster().brokerConfig().get("authorizer.class.name"))
                .isEqualTo("org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        assertThat(result.cluster().brokerConfig().get("super.users"))
                .isEqualTo("User:kbench-broker;User:CN=kbench-broker");
        assertNoSecretMaterial(results);
    }

    @Test
    void aWorkloadWhosePrincipalLacksItsAclsFailsWithAnAuthorizationError() {
        CliRun run = CliRun.of("run", ItFixture.workload("it-secure.yaml"), "--results-dir", results.toString(),
                "--broker-heap", "384m", "--set", "cluster.security.protocol=sasl-ssl", "--set", "cluster.security.acls.grantWorkload=false");
        assertThat(run.exitCode()).as(run.transcript()).isNotZero();
        assertThat(run.transcript()).containsIgnoringCase("authoriz").contains("it-secure")
                .doesNotContain("\tat ");
    }
}
