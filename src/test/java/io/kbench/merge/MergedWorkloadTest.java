package io.kbench.merge;

import static io.kbench.merge.RunFixture.T0;
import static io.kbench.merge.RunFixture.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.spec.ConsumerChange;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.GroupProtocol;
import io.kbench.spec.RateStage;
import io.kbench.spec.ShareAcknowledgement;
import io.kbench.spec.ShareSpec;
import io.kbench.spec.TransactionSpec;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merged workload is the first input's, sums aside: no section of it is lost, only faults and verify. */
class MergedWorkloadTest {
    @TempDir
    Path tmp;

    @Test
    void twoTransactionalRunsKeepTransactionsGroupProtocolAndChanges() throws Exception {
        RunFixture transactional = run("t", T0, 4, 1000, 1000)
                .with("producers.transactions={recordsPerTransaction: 100, abortFraction: 0.1, transactionalId: tx}")
                .with("consumers.groupProtocol=consumer")
                .with("consumers.changes=[{at: 2s, add: 1}, {at: 3s, remove: 1}]");
        Path a = transactional.writeTo(tmp.resolve("a"));
        Path b = transactional.writeTo(tmp.resolve("b"));
        RunResult merged = readBack(RunMerger.merge(List.of(a, b), tmp.resolve("out"), "both"));
        WorkloadSpec input = ResultReader.read(a, RunResult.class).workload();

        WorkloadSpec w = merged.workload();
        assertThat(w.producers().transactions()).isEqualTo(new TransactionSpec("tx", 100, null, 0.1))
                .isEqualTo(input.producers().transactions());
        assertThat(w.consumers().groupProtocol()).isEqualTo(GroupProtocol.CONSUMER);
        assertThat(w.consumers().changes()).containsExactly(new ConsumerChange(Duration.ofSeconds(2), 1, null),
                new ConsumerChange(Duration.ofSeconds(3), null, 1));
        assertThat(w.producers().count()).isEqualTo(2 * input.producers().count());
        assertThat(w.consumers().count()).isEqualTo(2 * input.consumers().count());
        assertThat(w.producers().rate()).isEqualTo(2000.0);
        assertThat(w.topic()).isEqualTo(input.topic());
        assertThat(w.producers().properties()).isEqualTo(input.producers().properties());
    }

    @Test
    void twoShareGroupRunsKeepTheShareSettings() throws Exception {
        RunFixture share = run("s", T0, 4, 1000, 1000).with("consumers.mode=share").with("consumers.count=2")
                .with("consumers.share={acknowledgement: explicit, accept: 0.8, release: 0.1, reject: 0.1,"
                        + " processingTime: 1ms, deliveryCountLimit: 3, lockDuration: 5s}");
        Path a = share.writeTo(tmp.resolve("a"));
        Path b = share.writeTo(tmp.resolve("b"));
        RunResult merged = readBack(RunMerger.merge(List.of(a, b), tmp.resolve("out"), null));

        WorkloadSpec w = merged.workload();
        assertThat(w.consumers().mode()).isEqualTo(ConsumerMode.SHARE);
        assertThat(w.consumers().share()).isEqualTo(new ShareSpec(ShareAcknowledgement.EXPLICIT, 0.8, 0.1, 0.1,
                Duration.ofMillis(1), 3, Duration.ofSeconds(5)));
        assertThat(w.consumers().count()).isEqualTo(4);
    }

    @Test
    void faultsAndVerificationAreLeftOut() throws Exception {
        RunFixture verified = run("v", T0, 4, 1000, 1000).with("verify=true")
                .with("faults=[{at: 2s, action: pause, target: controller, duration: 1s}]");
        Path a = verified.writeTo(tmp.resolve("a"));
        Path b = verified.writeTo(tmp.resolve("b"));
        assertThat(ResultReader.read(a, RunResult.class).workload().faults()).hasSize(1);

        WorkloadSpec w = readBack(RunMerger.merge(List.of(a, b), tmp.resolve("out"), null)).workload();
        assertThat(w.verify()).isNull();
        assertThat(w.faults()).isEmpty();
    }

    @Test
    void twoStagedRunsAddTheirStagesUpAndGetNoDriftVerdict() throws Exception {
        RunFixture staged = run("st", T0, 4, 1000, 1000).with("producers.warmupDuration=0s")
                .with("producers.stages=[{duration: 2s, rate: 500}, {duration: 2s, from: 500, to: 1500}]");
        Path a = staged.writeTo(tmp.resolve("a"));
        Path b = staged.writeTo(tmp.resolve("b"));
        RunResult merged = readBack(RunMerger.merge(List.of(a, b), tmp.resolve("out"), null));

        assertThat(merged.workload().producers().stages()).containsExactly(
                RateStage.constant(Duration.ofSeconds(2), 1000), RateStage.ramp(Duration.ofSeconds(2), 1000, 3000));
        assertThat(merged.drift()).isNull();
    }

    /** The merged result as written, so what a reader sees is checked, not only the record in memory. */
    private RunResult readBack(RunMerger.Merged merged) {
        return ResultReader.read(merged.writeTo(tmp.resolve("written")), RunResult.class);
    }
}
