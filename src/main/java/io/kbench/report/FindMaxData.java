package io.kbench.report;

import io.kbench.error.KbenchException;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.findmax.AnswerSpread;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.findmax.ProbeOutcome;
import io.kbench.result.findmax.SearchAnswer;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.telemetry.Diagnosis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A find-max result as the report shows it: the typed result plus each probe's own run summary, when it is there. */
final class FindMaxData {
    /**
     * One probe: a run at a fixed offered rate.
     *
     * @param probe   the probe of the find-max result (p50 and p99 latencies, flat)
     * @param summary   the summary of the probe's own result.json (every percentile), or null when it is not there
     * @param diagnosis the diagnosis in the probe's own result.json, or null
     */
    record Probe(ProbeOutcome probe, Summary summary, Diagnosis diagnosis) {
        double rateRecordsPerSec() {
            return probe.rateRecordsPerSec();
        }

        boolean passed() {
            return probe.passed();
        }

        String reason() {
            return probe.reason();
        }

        double producedRecordsPerSec() {
            return orNaN(probe.producedRecordsPerSec());
        }
    }

    private final FindMaxResult result;
    private final List<Probe> probes = new ArrayList<>();

    /** {@code dir}: the find-max result directory, where each probe's {@code resultDir} is. */
    FindMaxData(FindMaxResult result, Path dir) {
        this.result = result;
        for (ProbeOutcome p : result.probes()) {
            probes.add(new Probe(p, probeSummary(dir, p.resultDir()),
                    dir == null || p.resultDir() == null ? null : RunDiagnoses.of(dir.resolve(p.resultDir()).resolve("result.json"))));
        }
    }

    private static Summary probeSummary(Path dir, String resultDir) {
        if (dir == null || resultDir == null) {
            return null;
        }
        Path file = dir.resolve(resultDir).resolve("result.json");
        try {
            return Files.isRegularFile(file) ? ResultReader.read(file, RunResult.class).summary() : null;
        } catch (KbenchException e) {
            return null; // a probe whose result is unreadable still has its p50/p99 in the find-max result
        }
    }

    /** Whether any probe has a diagnosis (the probe table then gets a column for it). */
    boolean diagnosed() {
        return probes.stream().anyMatch(p -> p.diagnosis() != null);
    }

    String name() {
        return result.name() != null ? result.name() : "find-max";
    }

    /** completed when the search found an answer (or a lower bound), else failed: the same split as the exit code. */
    RunStatus status() {
        return result.findMax().outcome().hasRate() ? RunStatus.COMPLETED : RunStatus.FAILED;
    }

    String sla() {
        return result.findMax().sla();
    }

    double maxRecordsPerSec() {
        return orNaN(result.findMax().maxRecordsPerSec());
    }

    double maxMebibytesPerSec() {
        return orNaN(result.findMax().maxMebibytesPerSec());
    }

    /** The answer and how it was searched, as result.json has it. */
    FindMaxResult.Figures figures() {
        return result.findMax();
    }

    double precisionPercent() {
        return orNaN(result.findMax().precisionPercent());
    }

    List<Probe> probes() {
        return probes;
    }

    /** The answer over several searches, or null: one search, or a file written before --searches. */
    AnswerSpread spread() {
        AnswerSpread spread = result.findMax().spread();
        return spread != null && spread.searches() > 1 ? spread : null;
    }

    /** Each search's own answer when there were several; empty otherwise. */
    List<SearchAnswer> searches() {
        return spread() == null || result.searches() == null ? List.of() : result.searches();
    }

    /**
     * The answer over the searches in one line: "[4,700, 5,580] (95%, 4 searches: 4,738, 5,120, 5,350, 5,750)"; empty
     * for one search.
     */
    String spreadText() {
        AnswerSpread s = spread();
        if (s == null) {
            return "";
        }
        String answers = s.answers().stream().map(Fmt::rate).collect(Collectors.joining(", "));
        String counted = s.answers().size() == s.searches() ? s.searches() + " searches"
                : s.answers().size() + " of " + s.searches() + " searches answered";
        return (s.hasInterval() ? "[" + Fmt.rate(s.lowRecordsPerSec()) + ", " + Fmt.rate(s.highRecordsPerSec()) + "]"
                : "[no interval: fewer than 2 answers]") + " (" + Fmt.number(s.confidencePercent()) + "%, " + counted + ": "
                + answers + ")";
    }

    /** The --threshold verdicts judged at the answer; empty when none were given. */
    List<ThresholdVerdict> thresholds() {
        return result.thresholds() == null ? List.of() : result.thresholds();
    }

    /**
     * A latency figure of a probe in microseconds, NaN when absent.
     *
     * @param group publish, e2e or sendDelay (as in thresholds)
     * @param field p50, p95, p99, p999, max or mean
     */
    static double latencyMicros(Probe p, String group, String field) {
        Long flat = switch (group + "." + field) {
            case "publish.p50" -> p.probe().publishP50Micros();
            case "publish.p99" -> p.probe().publishP99Micros();
            case "e2e.p50" -> p.probe().endToEndP50Micros();
            case "e2e.p99" -> p.probe().endToEndP99Micros();
            default -> null;
        };
        if (flat != null || p.summary() == null) {
            return flat == null ? Double.NaN : flat;
        }
        LatencyStats stats = switch (group) {
            case "publish" -> p.summary().publishLatencyMicros();
            case "e2e" -> p.summary().endToEndLatencyMicros();
            default -> p.summary().sendDelayMicros();
        };
        return stats == null ? Double.NaN : stats.get(field);
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }
}
