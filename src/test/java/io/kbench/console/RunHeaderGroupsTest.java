package io.kbench.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.SpecLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run header's consumers line names the group protocol, the changes and the share acknowledgement. */
public class RunHeaderGroupsTest {
    @Test
    void liveConsumersWithAProtocolAndChanges() {
        var spec = new SpecLoader().load(null, List.of("consumers.count=2", "consumers.groupProtocol=consumer",
                "consumers.changes=[{at: 20s, add: 2}, {at: 40s, remove: 1}]"));
        assertThat(RunHeader.consumers(spec.consumers())).isEqualTo("2, live, protocol consumer, changes +2 at 20s -1 at 40s");
    }

    @Test
    void shareConsumersWithExplicitAcknowledgement() {
        var spec = new SpecLoader().load(null, List.of("consumers.mode=share", "consumers.count=6",
                "consumers.share={acknowledgement: explicit, accept: 0.9, release: 0.1}"));
        assertThat(RunHeader.consumers(spec.consumers()))
                .isEqualTo("6, share, explicit acknowledgement (accept 0.9, release 0.1, reject 0.0)");
    }

    @Test
    void plainConsumersAreUnchanged() {
        assertThat(RunHeader.consumers(new SpecLoader().load(null, List.of()).consumers())).isEqualTo("1, live");
    }
}
