package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.kbench.load.SliceWindows;
import io.kbench.result.run.Clients;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTest {
    @Test
    void theAssignmentCarriesTheWholeWorkloadAndReadsBackEqual() throws JsonProcessingException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.rate=1234", "producers.properties.acks=1"), List.of());
        Message.Assign a = new Message.Assign("r1", spec, "g", 7, 6,
                List.of(new Message.Slice("w1", 0, 0, 1, 0, 1), new Message.Slice("w2", 1, 1, 1, 1, 0)));
        String text = ControlCodec.encode(a);
        assertThat(text).contains("\"type\":\"assign\"");
        assertThat(ControlCodec.decode(text)).isEqualTo(a);
    }

    @Test
    void theDoneReportRoundTrips() throws JsonProcessingException {
        Totals t = new Totals(10, 1000, 5, 0.1, 2, 0, Map.of(), 3, null, null);
        Message.Done d = new Message.Done("r1", "w1", WorkerStatus.COMPLETED, null,
                new Summary("intendedSendTime", t, null, new LatencyStats(10, 1, 2, 3, 4, 5, 2.5), null, null, null),
                new SliceWindows(1, 2, Long.MAX_VALUE, Long.MIN_VALUE));
        assertThat(ControlCodec.decode(ControlCodec.encode(d))).isEqualTo(d);
        Message.Done withDrivers = new Message.Done("r1", "w1", WorkerStatus.COMPLETED, null, d.summary(), d.windows(),
                new Clients(new Clients.Driver("franz-go", "v1.22.3", 4711), null),
                new LoadCpu(LoadCpu.Side.of("franz-go", LoadCpu.Process.DRIVER, 2_000_000, 10), null));
        assertThat(ControlCodec.decode(ControlCodec.encode(withDrivers))).isEqualTo(withDrivers);
    }

    @Test
    void aPlanIsSmallSoAnyVersionReadsIt() {
        assertThat(ControlCodec.encode(new Message.Plan("r1", "9.9", 3)))
                .isEqualTo("{\"type\":\"plan\",\"runId\":\"r1\",\"kbenchVersion\":\"9.9\",\"workers\":3}");
    }

    @Test
    void unknownFieldsAreRefused() {
        assertThatThrownBy(() -> ControlCodec.decode("{\"type\":\"plan\",\"runId\":\"r\",\"kbenchVersion\":\"1\",\"workers\":1,\"x\":1}"))
                .isInstanceOf(JsonProcessingException.class);
    }
}
