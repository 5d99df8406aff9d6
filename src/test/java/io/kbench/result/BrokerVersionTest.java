package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BrokerVersionTest {
    private static BrokerVersion broker(Integer id, String version) {
        return new BrokerVersion(id, "127.0.0.1:" + (9990 + (id == null ? 0 : id)), version, "abc", "17.0.15");
    }

    @Test
    void brokersThatAgreeAreTheirVersion() {
        assertThat(BrokerVersion.summary(List.of(broker(1, "4.3.1"), broker(2, "4.3.1"), broker(3, "4.3.1"))))
                .isEqualTo("4.3.1");
    }

    @Test
    void aMixedClusterNamesEachVersionWithItsBrokers() {
        assertThat(BrokerVersion.summary(List.of(broker(1, "4.3.1"), broker(3, "4.4.0"), broker(2, "4.3.1"))))
                .isEqualTo("mixed: 4.3.1 (brokers 1, 2), 4.4.0 (broker 3)");
    }

    @Test
    void aBrokerWithoutANumericIdIsNamedByItsAddress() {
        assertThat(BrokerVersion.summary(List.of(broker(null, "3.9.1"), broker(2, "4.0.0"))))
                .isEqualTo("mixed: 3.9.1 (broker 127.0.0.1:9990), 4.0.0 (broker 2)");
    }

    @Test
    void aBrokerThatSaidNoVersionIsUnknownAndNoneSayingAnyGivesNoVersion() {
        // issue 42: "Kafka null" in a result and everything that printed it
        assertThat(BrokerVersion.summary(List.of(broker(1, null), broker(2, "4.3.1"))))
                .isEqualTo("mixed: 4.3.1 (broker 2), unknown (broker 1)");
        assertThat(BrokerVersion.summary(List.of(broker(1, null), broker(2, null)))).isNull();
    }
}
