package io.kbench.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {

    @ParameterizedTest
    @CsvSource({"4096, 4096", "4096B, 4096", "1Ki, 1024", "1KiB, 1024", "1 KiB, 1024", "1ki, 1024", "1.5Ki, 1536",
        "512Mi, 536870912", "180MiB, 188743680", "2Gi, 2147483648", "2 GiB, 2147483648", "1Ti, 1099511627776"})
    void readsPlainBytesKubernetesAndIecUnits(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1K", "1k", "1M", "1MB", "1G", "1GB", "1m", "5 bytes"})
    void refusesDecimalAndJvmUnitsNamingTheAcceptedForms(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not one of the binary units").hasMessageContaining("64Ki").hasMessageContaining("4096")
                .hasMessageContaining("1 Mi = 1,048,576 bytes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "lots", "-5", "Ki", "1e3", "0x10"})
    void refusesWhatIsNotASize(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be a size in bytes like 4096").hasMessageContaining("2Gi");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0Ki", "0.4"})
    void refusesLessThanOneByte(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).hasMessageContaining("between 1 byte");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2Gi", "3000000000"})
    void anIntSizeStopsBelowTwoGibibytes(String text) {
        assertThatThrownBy(() -> ByteSize.parseInt(text)).hasMessageContaining("at most 2147483647 bytes");
        assertThat(ByteSize.parseInt("1Gi")).isEqualTo(1 << 30);
    }
}
