package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A writer flooding the control topic cannot flood the log: repeats once a minute, a bounded number of lines. */
class RefusalsTest {
    @Test
    void repeatsAndFloodsAreBounded() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        Refusals refusals = new Refusals(new PrintStream(text, true, StandardCharsets.UTF_8), "worker w1");
        for (int i = 0; i < 1000; i++) {
            refusals.refuse("kbench-control", i, new ControlCodec.Refused("a record", "the same reason"));
            refusals.refuse("kbench-control", i, new ControlCodec.Refused("plan of run x" + i + " from coordinator (seq " + i + ")", "no MAC"));
        }
        String log = text.toString(StandardCharsets.UTF_8);
        assertThat(log.lines()).hasSize(Refusals.LINES_PER_MINUTE);
        assertThat(log.lines().filter(l -> l.contains("the same reason"))).hasSize(1);
        assertThat(log).startsWith("kbench: warning: worker w1 refused a record on kbench-control at offset 0: the same reason");
    }

    /** Failed before the fix: the sequence number was part of the repeat key, so each forged plan printed a line. */
    @Test
    void theSameRefusalWithAnotherSequenceNumberIsPrintedOnceAMinute() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        Refusals refusals = new Refusals(new PrintStream(text, true, StandardCharsets.UTF_8), "worker w1");
        for (int i = 0; i < 5; i++) {
            refusals.refuse("kbench-control", i, new ControlCodec.Refused("plan of run x from coordinator (seq " + i + ")",
                    "its MAC does not match"));
        }
        refusals.refuse("kbench-control", 9, new ControlCodec.Refused("plan of run y from coordinator (seq 9)",
                "its MAC does not match"));
        assertThat(text.toString(StandardCharsets.UTF_8).lines()).hasSize(2);
    }
}
