package io.kbench.cli;

import static io.kbench.cli.PlanCostCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.PlanCostCommandTest.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plan and price files are read as strictly as workload files: a key given twice is an error, not "last wins". */
class StrictInputFilesTest {
    private static final String PRICES = "currency: USD\npricesAsOf: \"2026-01-01\"\nsource: test\ninstanceTypes:\n"
            + "  - name: small\n    hourlyPrice: 0.2\n";

    @Test
    void planFileWithDuplicateKeyExitsTwoNamingTheKey(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, "ingressMebibytesPerSec: 100\nretention: 3d\nreplicationFactor: 3\n"
                + "perBrokerMebibytesPerSec: 50\nreplicationFactor: 2\n");
        Outcome o = run("plan", plan.toString());
        assertThat(o.exit()).as(o.toString()).isEqualTo(2);
        assertThat(o.err()).as(o.toString()).contains(plan.toString()).contains("replicationFactor")
                .contains("given twice").doesNotContain("Exception");
        assertThat(o.err().lines().count()).as(o.toString()).isEqualTo(1);
    }

    @Test
    void priceFileWithDuplicateKeyExitsTwoNamingTheKey(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, PRICES.replace("source: test\n", "source: test\ncurrency: EUR\n"));
        Outcome o = run("cost", "--prices", prices.toString(), "src/test/resources/results/run");
        assertThat(o.exit()).as(o.toString()).isEqualTo(2);
        assertThat(o.err()).as(o.toString()).contains(prices.toString()).contains("currency")
                .contains("given twice").doesNotContain("Exception");
        assertThat(o.err().lines().count()).as(o.toString()).isEqualTo(1);
    }

    @Test
    void priceFileWithDuplicateKeyInsideAListEntryExitsTwo(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, PRICES + "    hourlyPrice: 0.3\n");
        Outcome o = run("cost", "--prices", prices.toString(), "src/test/resources/results/run");
        assertThat(o.exit()).as(o.toString()).isEqualTo(2);
        assertThat(o.err()).as(o.toString()).contains("hourlyPrice").contains("given twice");
    }

    @Test
    void planFileWithASecondDocumentExitsTwo(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, "ingressMebibytesPerSec: 100\nretention: 3d\nperBrokerMebibytesPerSec: 50\n---\nfanOut: 1\n");
        Outcome o = run("plan", plan.toString());
        assertThat(o.exit()).as(o.toString()).isEqualTo(2);
        assertThat(o.err()).as(o.toString()).contains(plan.toString()).doesNotContain("Exception");
    }
}
