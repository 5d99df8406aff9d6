package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BrokerLimitsTest {
    private static BrokerLimits limits(String cpus, Double cpuQuota) {
        return new BrokerLimits(cpus, cpuQuota, null, null, null, null, null);
    }

    @Test
    void theCpuABrokerMayUseIsTheSmallerOfItsQuotaAndItsCpuSet() {
        assertThat(limits(null, null).cpuCores()).isNull();
        assertThat(limits(null, 0.5).cpuCores()).isEqualTo(0.5);
        assertThat(limits("0", null).cpuCores()).isEqualTo(1.0);
        assertThat(limits("0-3,6", null).cpuCores()).isEqualTo(5.0);
        assertThat(limits("0,2", 1.5).cpuCores()).isEqualTo(1.5);
        assertThat(limits("1", 1.5).cpuCores()).isEqualTo(1.0);
        assertThat(limits("0-1,1", null).cpuCores()).isEqualTo(2.0);
    }

    @Test
    void aReversedRangeIsRefusedNamingTheField() {
        assertThatThrownBy(() -> limits("3-1", null)).hasMessageContaining("cluster.limits.cpus").hasMessageContaining("3-1");
    }
}
