package io.kbench.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.kbench.driver.DriverBuild;
import io.kbench.driver.DriverStatus;
import io.kbench.result.JvmFlavour;
import io.kbench.result.Versions;
import io.kbench.result.io.Redactor;
import io.kbench.result.io.ResultWriter;
import io.kbench.spec.ClientKind;
import io.kbench.spec.ConsumerSpec;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.RecordSizeSpec;
import io.kbench.spec.ShareSpec;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadReach;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * What a run prints before it starts: a few lines of versions, target and workload shape ({@link #print}), or with
 * {@code -v} and {@code --dry-run} the frozen, resolved workload as YAML a user could paste back into a file
 * ({@link #printFull}). result.json always holds the full workload.
 */
public final class RunHeader {
    private RunHeader() {
    }

    /** At most four lines: versions and target, topic, producers, consumers. */
    public static void print(WorkloadSpec spec, String target, PrintStream out) {
        out.println(versions(target));
        TopicSpec t = spec.topic();
        String pattern = spec.consumers().topicPattern();
        out.println(pattern != null ? "# workload " + spec.name() + ": existing topics matching " + pattern
                : String.format(Locale.ROOT, "# workload %s: topic %s, %d partition(s), RF %d", spec.name(), t.name(),
                        t.partitions(), t.replicationFactor()));
        // The versions line names kbench's own Kafka client; a side in a driver says so on its own line.
        out.println("# producers: " + producers(spec.producers())
                + driven(spec.producers().count() > 0, spec.producers().client()));
        out.println("# consumers: " + consumers(spec.consumers())
                + driven(spec.consumers().enabled(), spec.consumers().client()));
        if (!spec.faults().isEmpty()) {
            out.println("# faults: " + String.join("; ", spec.faults().stream().map(f -> f.describe()).toList())
                    + " (from the start of the measured window)");
        }
    }

    /** The versions line, client properties (secrets redacted) and the whole workload as YAML. */
    public static void printFull(WorkloadSpec spec, Map<String, String> connection, String target, PrintStream out) {
        ObjectMapper json = ResultWriter.mapper();
        YAMLMapper yaml = YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build();
        JsonNode tree = Redactor.redactTree(json.valueToTree(spec));
        out.println(versions(target));
        if (!connection.isEmpty()) {
            out.println("# client properties: " + Redactor.redact(connection));
        }
        try {
            out.print(yaml.writeValueAsString(tree));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        drivers(spec, out);
        reach(spec, connection, out);
        out.println("# ---");
    }

    /**
     * What the workload makes kbench run or load beyond kbench and its Kafka (docs/security.md, "A workload is code"),
     * one line each, so a workload from elsewhere is read before it runs.
     */
    private static void reach(WorkloadSpec spec, Map<String, String> connection, PrintStream out) {
        WorkloadReach reach = WorkloadReach.of(spec, connection);
        if (reach.isEmpty()) {
            out.println("# runs or loads: nothing beyond kbench and its Kafka");
            return;
        }
        out.println("# runs or loads (docs/security.md, a workload is code):");
        for (WorkloadReach.Item item : reach.items()) {
            // A command line may carry a password (--password x, PASS=x): redacted as result.json keeps it.
            String what = item.kind() == WorkloadReach.Kind.COMMAND ? Redactor.redactCommand(item.what()) : item.what();
            out.printf(Locale.ROOT, "#   %-8s %s: %s%n", item.kind().word(), item.field(), what);
        }
    }

    /** For each side whose client runs in a driver, whether that driver is built (docs/clients.md). */
    private static void drivers(WorkloadSpec spec, PrintStream out) {
        if (spec.producers().count() > 0 && spec.producers().client().external()) {
            DriverText.dryRun("producers.client", DriverStatus.of(DriverBuild.standard(), spec.producers().client()), out);
        }
        if (spec.consumers().enabled() && spec.consumers().client().external()) {
            DriverText.dryRun("consumers.client", DriverStatus.of(DriverBuild.standard(), spec.consumers().client()), out);
        }
    }

    /**
     * The client named is the one this JVM runs: a run or --dry-run of a workload naming another client release prints
     * from the kbench re-launched on it.
     */
    private static String versions(String target) {
        String jvm = JvmFlavour.current();
        return "# kbench " + Versions.kbench() + " | Kafka clients " + Versions.kafka() + " | JDK "
                + Runtime.version() + (jvm == null ? "" : " (" + jvm + ")") + " | " + target;
    }

    private static String driven(boolean runs, ClientKind client) {
        return runs && client.external() ? "; client " + client.text() + " (its driver)" : "";
    }

    static String producers(ProducerSpec p) {
        if (p.count() == 0) {
            return "none";
        }
        String rate = p.staged() ? "stages " + p.offeredLoadText()
                : p.unlimitedRate() ? "unlimited rate" : number(p.rate()) + " records/s";
        String amount = p.records() != null ? number(p.records()) + " records" : "for " + DurationText.format(p.duration());
        String warmup = !p.hasWarmup() ? ""
                : p.autoWarmup() ? " after an auto warm-up of " + DurationText.format(p.warmup().min()) + " to "
                        + DurationText.format(p.warmup().max())
                : p.warmupRecords() != null ? " after " + number(p.warmupRecords()) + " warm-up records"
                : " after " + DurationText.format(p.warmupDuration()) + " warm-up";
        return p.count() + ", " + rate + ", " + size(p.recordSize()) + ", " + amount + warmup + transactions(p);
    }

    /** ", in transactions of 100 records, 10% aborted" for transactional producers, else nothing. */
    private static String transactions(ProducerSpec p) {
        if (!p.transactional()) {
            return "";
        }
        var t = p.transactions();
        String rule = t.recordsPerTransaction() != null ? number(t.recordsPerTransaction()) + " records"
                : DurationText.format(t.duration());
        return ", in transactions of " + rule + (t.aborts() ? ", " + number(100 * t.abortFraction()) + "% aborted" : "");
    }

    public static String consumers(ConsumerSpec c) {
        if (!c.enabled()) {
            return "none";
        }
        return c.count() + ", " + c.mode().toString().toLowerCase(Locale.ROOT)
                + (c.records() != null ? ", " + number(c.records()) + " records" : "") + groups(c);
    }

    /** The group protocol, the consumer changes and the share acknowledgement, when the workload sets them. */
    private static String groups(ConsumerSpec c) {
        StringBuilder b = new StringBuilder();
        if (c.groupProtocol() != null) {
            b.append(", protocol ").append(c.groupProtocol().property());
        }
        if (!c.changes().isEmpty()) {
            b.append(", changes ").append(String.join(" ", c.changes().stream().map(ch -> String.format(Locale.ROOT,
                    "%+d at %s", ch.delta(), DurationText.format(ch.at()))).toList()));
        }
        if (c.share() != null) {
            ShareSpec s = c.share();
            b.append(", ").append(s.acknowledgement().property()).append(" acknowledgement");
            if (s.explicit()) {
                b.append(String.format(Locale.ROOT, " (accept %s, release %s, reject %s)", s.accept(), s.release(), s.reject()));
            }
        }
        return b.toString();
    }

    private static String size(RecordSizeSpec s) {
        if (s.isFixed()) {
            return s.bytes() + " B";
        }
        return s.min() + "-" + s.max() + " B" + (s.mean() != null ? " (normal, mean " + s.mean() + " B)" : " (uniform)");
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%,.1f", v);
    }
}
