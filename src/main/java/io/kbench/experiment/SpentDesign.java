package io.kbench.experiment;

import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A sweep that repeated until decided and ran out of budget has spent its 5% (its last look at t = 1, docs/sweeps.md
 * "Repeated looks"). Resuming it would start a new time budget and look at the same data again, each look at a fresh
 * share of alpha: the findings still undecided would get a second 5% chance of a false decision. So such a directory
 * is not resumed; a new sweep with a larger budget measures data independent of the first.
 */
final class SpentDesign {
    private SpentDesign() {
    }

    /** Refuses (exit 2) to resume {@code dir} when its kept sweep.json shows a spent sequential design. */
    static void refuseResuming(Path dir) {
        Path json = dir.resolve("sweep.json");
        if (!Files.isRegularFile(json)) {
            return;
        }
        SweepRepetitions r;
        try {
            r = ResultReader.read(json, SweepResult.class).repetitions();
        } catch (InvalidInputException unreadable) {
            return; // a half-written sweep.json is rewritten by the resume; the repetitions' results are what count
        }
        if (r == null || r.mode() != RepetitionMode.AUTO || r.looks() == null || r.looks().isEmpty()) {
            return;
        }
        List<SweepRepetitions.Look> looks = r.looks();
        SweepRepetitions.Look last = looks.get(looks.size() - 1);
        if (last.t() >= 1 && last.decided() < last.of()) {
            throw InvalidInputException.field("--resume " + dir, last.decided() + " of " + last.of() + " decided at round "
                    + last.round(), "its repetitions spent their budget and their 5%; more rounds on the same data would "
                    + "judge the undecided at a fresh 5%: start a new sweep with a larger --budget");
        }
    }
}
