package io.kbench.experiment;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A kept auto sweep (S5's matrix) with its last look rewritten: spent and undecided, spent and decided, not spent. */
class SpentDesignTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path sweepWithLastLook(Path dir, double t, int decided, int of) throws Exception {
        ObjectNode sweep = (ObjectNode) JSON.readTree(Path.of("docs/studies/data/s5-producer-matrix.json").toFile());
        ObjectNode look = JSON.createObjectNode().put("round", 3).put("runs", 108).put("t", t).put("spent", 0.05 * t)
                .put("confidence", 0.95).put("decided", decided).put("of", of);
        ((ObjectNode) sweep.get("repetitions")).putArray("looks").add(look);
        Files.writeString(dir.resolve("sweep.json"), JSON.writeValueAsString(sweep));
        return dir;
    }

    @Test
    void aSpentDesignWithUndecidedFindingsIsNotResumed(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> SpentDesign.refuseResuming(sweepWithLastLook(dir, 1.0, 2, 11)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--resume " + dir)
                .hasMessageContaining("(got 2 of 11 decided at round 3)")
                .hasMessageContaining("start a new sweep with a larger --budget");
    }

    @Test
    void anInterruptedOrDecidedDesignIsResumed(@TempDir Path dir) throws Exception {
        assertThatCode(() -> SpentDesign.refuseResuming(sweepWithLastLook(dir, 0.4, 2, 11))).doesNotThrowAnyException();
        assertThatCode(() -> SpentDesign.refuseResuming(sweepWithLastLook(dir, 1.0, 11, 11))).doesNotThrowAnyException();
        Files.delete(dir.resolve("sweep.json"));
        assertThatCode(() -> SpentDesign.refuseResuming(dir)).as("no sweep.json yet").doesNotThrowAnyException();
    }
}
