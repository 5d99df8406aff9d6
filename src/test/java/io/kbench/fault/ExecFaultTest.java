package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.measure.FaultWindows;
import io.kbench.result.FaultResult;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** action: exec against an external cluster (no broker needed for a broker-id target): output file and exit code. */
class ExecFaultTest {
    @TempDir
    Path dir;

    @Test
    void execRunsOnTheClockWithTheBrokerSubstituted() throws Exception {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.duration=30s"), List.of(
                "at=0s action=exec target=2 command=echo hit broker {broker}; exit 3",
                "at=200ms action=exec target=1 command=sleep 30"));
        long zero = System.nanoTime();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FaultSession session = FaultSession.start(spec, null, Map.of("bootstrap.servers", "127.0.0.1:1"), dir,
                () -> zero, () -> zero, new FaultWindows(), new PrintStream(out, true, StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!Files.exists(dir.resolve("faults/fault-1.log")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(300);
        session.close();
        List<FaultResult> results = session.results(List.of());
        assertThat(results).hasSize(2);
        FaultResult first = results.get(0);
        assertThat(first.brokerId()).isEqualTo(2);
        assertThat(first.exitCode()).as(out.toString()).isEqualTo(3);
        assertThat(first.output()).isEqualTo("faults/fault-0.log");
        assertThat(Files.readString(dir.resolve(first.output()))).isEqualTo("hit broker 2\n");
        assertThat(first.startSec()).isBetween(0.0, 5.0);
        FaultResult second = results.get(1);
        assertThat(second.exitCode()).as("stopped at the end of the run").isNull();
        assertThat(second.error()).contains("still running at the end of the run");
        assertThat(first.line()).startsWith("fault 0: exec broker 2 at ").contains(", exit 3");
        assertThat(out.toString()).contains("fault 0: exec broker 2 at");
    }

    @Test
    void substitution() {
        assertThat(ExecCommands.substitute("ssh k{broker} kill; echo {broker}", 3)).isEqualTo("ssh k3 kill; echo 3");
        assertThat(new FaultSpec(java.time.Duration.ZERO, io.kbench.spec.FaultAction.EXEC,
                io.kbench.spec.FaultTarget.parse("leader"), null, null, "x", null).describe()).isEqualTo("exec leader at 0s");
    }
}
