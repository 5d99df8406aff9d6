package io.kbench.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlignedTableTest {
    @Test
    void firstColumnLeftTheRestRightTwoSpacesApart() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        AlignedTable.print(List.of(List.of("kpi", "A", "B"), List.of("records/s", "1,000", "25"), List.of("p99", "", "")),
                new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(String.join(System.lineSeparator(),
                "kpi            A   B", "records/s  1,000  25", "p99", ""));
    }
}
