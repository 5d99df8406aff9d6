package io.kbench.experiment;

import io.kbench.console.SweepTable;
import io.kbench.error.RunFailedException;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import io.kbench.study.FindingJudge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A finished (or interrupted) sweep as its documents: sweep.json, judged against the design's findings, and sweep.csv. */
public final class SweepFiles {
    public static final String CSV_FILE = "sweep.csv";

    private SweepFiles() {
    }

    /** The sweep.json document. */
    public static SweepResult toResult(Sweep.SweepOutcome outcome) {
        SweepSpec spec = outcome.design().spec();
        SweepSecrets secrets = outcome.design().secrets();
        RunStatus status = outcome.interrupted() ? RunStatus.INTERRUPTED
                : outcome.anyFailed() ? RunStatus.FAILED : RunStatus.COMPLETED;
        // A campaign's points ran on several clusters: each point names its own, and no one cluster is the sweep's.
        SweepResult.Brokers cluster = spec.campaign() ? null : outcome.points().stream().map(Sweep.PointResult::brokers)
                .filter(b -> b != null).findFirst().map(SweepResult.Brokers::new).orElse(null);
        List<SweepResult.Point> points = new ArrayList<>();
        for (Sweep.PointResult p : outcome.points()) {
            points.add(new SweepResult.Point(p.point().name(), secrets.shown(p.point().overrides()),
                    cluster(p), p.repetitions(), p.completed(),
                    p.failed(), p.summary() == null ? null : p.summary().stats(),
                    p.verdicts().isEmpty() ? null : p.verdicts(), p.summary() == null ? null : p.summary().variation(),
                    p.faults(), p.conditions()));
        }
        List<SweepResult.Slot> ran = outcome.ran().stream()
                .map(s -> new SweepResult.Slot(outcome.design().points().get(s.point()).name(), s.repetition())).toList();
        // repeat: auto records the rounds it ran as its repeat: every point has that many repetitions (or fewer, failed).
        int repeat = spec.repeat().auto()
                ? Math.max(1, outcome.points().stream().mapToInt(p -> p.repetitions().size()).max().orElse(1))
                : spec.repeat().count();
        SweepRepetitions repetitions = outcome.repetitions() != null ? outcome.repetitions()
                : spec.repeat().auto() ? null : SweepRepetitions.fixed();
        SweepResult judged = new SweepResult(SweepResult.SCHEMA_VERSION, SweepResult.KIND, spec.name(), spec.description(),
                status, outcome.startTime(), outcome.endTime(), outcome.environment(), secrets.shownAxes(spec.axes()), repeat, cluster,
                points, spec.order(), outcome.seed(), ran, null, repetitions);
        if (outcome.design().findings().isEmpty()) {
            return judged;
        }
        // A sweep that repeated until decided keeps each finding's verdict from the look that decided it.
        List<FindingVerdict> findings = outcome.verdicts() != null ? outcome.verdicts()
                : outcome.design().findings().stream().map(f -> FindingJudge.judge(f, judged)).toList();
        return new SweepResult(judged.schemaVersion(), judged.kind(), judged.name(), judged.description(), judged.status(),
                judged.startTime(), judged.endTime(), judged.environment(), judged.axes(), judged.repeat(), judged.cluster(),
                judged.points(), judged.order(), judged.seed(), judged.runOrder(), findings, judged.repetitions());
    }

    /**
     * The cluster a point ran on and the version its brokers reported (a versions sweep's points differ in it); with a
     * campaign's cluster also its name and instance type.
     */
    private static SweepResult.Brokers cluster(Sweep.PointResult p) {
        CampaignCluster c = p.point().cluster();
        if (c == null) {
            return p.brokers() == null ? null
                    : new SweepResult.Brokers(p.brokers(), null, null, null, null, p.kafkaBrokerVersion());
        }
        return new SweepResult.Brokers(p.brokers() == null ? c.brokers() : p.brokers(), c.name(), c.instanceType(),
                c.vcpus(), c.bootstrapServers(), p.kafkaBrokerVersion());
    }

    /**
     * Writes {@code result} as sweep.json and sweep.csv into {@code dir}, each atomically; returns the JSON file. The
     * CSV is built from the redacted result, as the JSON is.
     */
    public static Path write(SweepResult result, Path dir) {
        Path json = ResultWriter.write(result, dir);
        try {
            ResultWriter.writeText(dir.resolve(CSV_FILE), SweepTable.csv(ResultWriter.redacted(result)));
            return json;
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + dir.resolve(CSV_FILE) + ": " + e.getMessage(), e);
        }
    }
}
