package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A distributed run's consumer group and transactional ids start with {@code kbench-<runId>}: the coordinator names
 * them so, a worker refuses an assignment naming another application's. Before the check a plan's group
 * {@code payments} made a worker commit that group's offsets, and a transactional id {@code prod-txn} fenced that
 * producer.
 */
class RunIdsTest {
    private static final String RUN = "6f1c1a9e-2d1b-4c57-9a43-0b6f4f3f2d10";

    private static WorkloadSpec spec(String... sets) {
        List<String> all = new ArrayList<>(List.of("producers.warmupDuration=5s", "consumers.mode=live"));
        all.addAll(List.of(sets));
        return new SpecLoader().load(null, all, List.of());
    }

    private static Message.Assign assign(String runId, WorkloadSpec workload, String group) {
        return new Message.Assign(runId, workload, group, 7, 6, List.of(new Message.Slice("w1", 0, 0, 1, 0, 1)));
    }

    @Test
    void theCoordinatorNamesTheGroupAfterTheRunAndKeepsTheWorkloadsGroupAsASuffix() {
        assertThat(RunIds.group(RUN, null)).isEqualTo("kbench-" + RUN);
        assertThat(RunIds.group(RUN, "payments")).isEqualTo("kbench-" + RUN + "-payments");
    }

    @Test
    void transactionalIdsGetThePrefixAndEachThreadItsOwnIndexAsInALocalRun() {
        WorkloadSpec named = RunIds.confine(spec("producers.count=3",
                "producers.transactions={recordsPerTransaction: 100, transactionalId: orders}"), RUN);
        assertThat(named.producers().transactions().transactionalIdOf(2, 3, "unused"))
                .isEqualTo("kbench-" + RUN + "-txn-orders-2");
        WorkloadSpec unnamed = RunIds.confine(spec("producers.transactions.recordsPerTransaction=100"), RUN);
        assertThat(unnamed.producers().transactions().transactionalIdOf(0, 1, "unused")).isEqualTo("kbench-" + RUN + "-txn");
        WorkloadSpec plain = spec();
        assertThat(RunIds.confine(plain, RUN)).as("not transactional: unchanged").isSameAs(plain);
    }

    @Test
    void whatTheCoordinatorSendsPassesTheWorkersCheck() {
        WorkloadSpec txn = RunIds.confine(spec("producers.transactions.recordsPerTransaction=100"), RUN);
        assertThatCode(() -> RunIds.check(assign(RUN, txn, RunIds.group(RUN, "payments")))).doesNotThrowAnyException();
        assertThatCode(() -> RunIds.check(assign(RUN, spec(), RunIds.group(RUN, null)))).doesNotThrowAnyException();
    }

    @Test
    void aGroupOutsideTheRunsPrefixIsRefusedNamingItAndThePrefix() {
        assertThatThrownBy(() -> RunIds.check(assign(RUN, spec(), "payments"))).isInstanceOf(InvalidInputException.class)
                .hasMessage("group: must start with the run's prefix kbench-" + RUN + " (got 'payments')");
        // Another run's prefix, and a prefix that only looks like this run's (run r1 against group kbench-r10).
        assertThatThrownBy(() -> RunIds.check(assign(RUN, spec(), "kbench-another-run"))).hasMessageContaining("group");
        assertThatThrownBy(() -> RunIds.check(assign("r1", spec(), "kbench-r10"))).hasMessageContaining("kbench-r1 ");
    }

    @Test
    void aTransactionalIdOutsideTheRunsPrefixOrNoneIsRefused() {
        assertThatThrownBy(() -> RunIds.check(assign(RUN, spec("producers.transactions={recordsPerTransaction: 100,"
                + " transactionalId: prod-txn}"), RunIds.group(RUN, null)))).isInstanceOf(InvalidInputException.class)
                .hasMessage("producers.transactions.transactionalId: must start with the run's prefix kbench-" + RUN
                        + " (got 'prod-txn')");
        // No id: each worker would fall back on a default of its own making, not one the run was given.
        assertThatThrownBy(() -> RunIds.check(assign(RUN, spec("producers.transactions.recordsPerTransaction=100"),
                RunIds.group(RUN, null)))).hasMessageContaining("(got none)");
    }
}
