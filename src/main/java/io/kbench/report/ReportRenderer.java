package io.kbench.report;

import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.result.KbenchResult;
import io.kbench.result.Versions;
import io.kbench.result.cost.CostResult;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.plan.PlanResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * {@code kbench report}: one self-contained HTML file (Chart.js inlined, no network) for a run, a sweep or a find-max
 * result, with optional capacity-plan and cost sections. See docs/reports.md.
 */
public final class ReportRenderer {
    /** The file name written into the result directory by default. */
    public static final String FILE_NAME = "report.html";

    /**
     * What to add to the report.
     *
     * @param plan the {@code --json} output of {@code kbench plan}, or null
     * @param cost the {@code --json} output of {@code kbench cost}, or null
     * @param sla  for sweeps: the best point is the fastest one meeting this; null for none
     */
    public record Options(Path plan, Path cost, Threshold sla) {
        public static final Options NONE = new Options(null, null, null);
    }

    private ReportRenderer() {
    }

    /** Renders the result in {@code dirOrFile} to {@code out} (null: {@code DIR/report.html}); returns the file written. */
    public static Path write(Path dirOrFile, Path out, Options options) {
        Path dir = Files.isDirectory(dirOrFile) ? dirOrFile : dirOrFile.toAbsolutePath().getParent();
        Path target = out != null ? out : dir.resolve(FILE_NAME);
        String html = render(dirOrFile, options);
        try {
            // Atomically: a report being rewritten (kbench report DIR again) is never seen half-written.
            ResultWriter.writeText(target, html);
        } catch (IOException e) {
            throw new InvalidInputException("--out " + target + ": cannot write: " + e.getMessage(), e);
        }
        return target;
    }

    /** Writes {@code dir/report.html} after a run; a failure is one warning line on {@code out}, never an exception. */
    public static void writeQuietly(Path dir, PrintStream out) {
        writeQuietly(dir, Options.NONE, out);
    }

    /** As {@link #writeQuietly(Path, PrintStream)}, with options (e.g. the SLA a sweep was run with). */
    public static void writeQuietly(Path dir, Options options, PrintStream out) {
        try {
            out.println("report: " + write(dir, null, options));
        } catch (RuntimeException | LinkageError e) {
            out.println("kbench: warning: could not write the HTML report: " + e.getMessage());
        }
    }

    /**
     * Writes a sweep's points and findings as Markdown for a study page to {@code out} (null: {@code DIR/sweep.md});
     * returns the file written.
     */
    public static Path writeMarkdown(Path dirOrFile, Path out) {
        Path file = ResultReader.locate(dirOrFile);
        Path dir = file.toAbsolutePath().getParent();
        KbenchResult result = ResultReader.read(file);
        String source = file.getFileName().toString();
        String markdown;
        String name;
        if (result instanceof SweepResult sweep) {
            markdown = SweepMarkdown.render(sweep, source, dir);
            name = "sweep.md";
        } else if (result instanceof FindMaxResult findMax) {
            markdown = FindMaxMarkdown.render(findMax, source, dir);
            name = "find-max.md";
        } else if (result instanceof RunResult run) {
            markdown = RunMarkdown.render(run, source);
            name = "result.md";
        } else {
            throw InvalidInputException.field(file + ": kind", result.kind(),
                    "--markdown renders a run, a sweep or a find-max result");
        }
        Path target = out != null ? out : dir.resolve(name);
        try {
            ResultWriter.writeText(target, markdown);
        } catch (IOException e) {
            throw new InvalidInputException("--out " + target + ": cannot write: " + e.getMessage(), e);
        }
        return target;
    }

    /** The report as HTML. */
    public static String render(Path dirOrFile, Options options) {
        Path file = ResultReader.locate(dirOrFile);
        Path dir = file.toAbsolutePath().getParent();
        KbenchResult result = ResultReader.read(file);
        HtmlPage page = new HtmlPage(title(result));
        // An unreadable latency log is an input error naming the file (IntervalLog), like a bad result.json.
        if (result instanceof RunResult run) {
            RunPage.fill(page, run, dir);
        } else if (result instanceof SweepResult sweep) {
            SweepPage.fill(page, new SweepData(sweep, dir), options.sla());
        } else if (result instanceof FindMaxResult findMax) {
            FindMaxPage.fill(page, new FindMaxData(findMax, dir));
        } else {
            throw InvalidInputException.field(file + ": kind", result.kind(),
                    "kbench report renders kind run, sweep or find-max");
        }
        if (options.plan() != null) {
            PlanSection.fill(page, ResultReader.read(options.plan(), PlanResult.class));
        }
        if (options.cost() != null) {
            CostSection.fill(page, ResultReader.read(options.cost(), CostResult.class));
        }
        return page.render("Generated by kbench " + Versions.kbench() + " on " + Instant.now().truncatedTo(ChronoUnit.SECONDS)
                + " from " + file.toAbsolutePath() + ". Self-contained: " + ChartLibrary.NAME + " " + ChartLibrary.version()
                + " is inlined, so this file works offline.");
    }

    private static String title(KbenchResult result) {
        String name = result instanceof RunResult r ? r.name() : result instanceof SweepResult s ? s.name()
                : result instanceof FindMaxResult f ? f.name() : null;
        return "kbench " + result.kind() + (name == null ? "" : ": " + name);
    }
}
