package io.kbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RollStep;
import java.util.ArrayList;
import java.util.List;

/** The faults of a run: a table with the recovery figures, and the fault windows shaded on the time charts. */
final class FaultSection {
    private FaultSection() {
    }

    static void table(HtmlPage page, List<FaultResult> faults) {
        if (faults == null || faults.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (FaultResult f : faults) {
            FaultRecovery r = f.recovery();
            LatencyStats l = f.publishLatencyMicros();
            rows.add(new Object[] {Integer.toString(f.index()), f.spec().describe(),
                f.brokerId() == null ? "-" : Integer.toString(f.brokerId()), seconds(f.startSec()), seconds(f.endSec()),
                r == null || r.note() != null ? "-" : recovered(r.throughputSec()),
                r == null || r.note() != null || r.baselineP99Micros() == null ? "-" : recovered(r.p99Sec()),
                Fmt.count(f.failedRecords()), l == null || l.count() == 0 ? "-" : Fmt.millis(l.p99()),
                l == null || l.count() == 0 ? "-" : Fmt.millis(l.max()), f.error() == null ? "" : f.error()});
        }
        page.section("Faults")
                .table("faults", new String[] {"#", "fault", "broker", "start s", "end s", "throughput back after s",
                    "p99 back after s", "failed", "p99 ms (sent during)", "max ms (sent during)", "error"}, rows,
                        new boolean[] {true, false, true, true, true, true, true, true, true, true, false}, -1)
                .paragraph("Times are seconds on the charts' axis. Back after: from the fault's start until throughput is"
                        + " within 10% of its median before the fault, and publish p99 within 2x of its median before the"
                        + " fault, for 3 intervals running; \"not recovered\": not by the end of the run. Failed and"
                        + " latency: records whose intended send time was inside the fault window.", "note")
                .endSection();
    }

    /**
     * One band per fault that fired: from its start to its end, or to the end of the series; a roll gets one band per
     * step instead, so that each broker's restart shows where it was.
     */
    static List<ObjectNode> bands(List<FaultResult> faults, List<IntervalPoint> intervals) {
        List<ObjectNode> bands = new ArrayList<>();
        if (faults == null || intervals == null || intervals.isEmpty()) {
            return bands;
        }
        double last = intervals.get(intervals.size() - 1).endSec();
        for (FaultResult f : faults) {
            if (f.startSec() == null) {
                continue;
            }
            if (f.roll() != null && !f.roll().steps().isEmpty()) {
                for (RollStep step : f.roll().steps()) {
                    bands.add(band(step.startSec(), step.endSec() == null ? last : step.endSec(),
                            "fault " + f.index() + ": roll broker " + step.broker()));
                }
                continue;
            }
            bands.add(band(f.startSec(), f.endSec() == null ? last : f.endSec(), "fault " + f.index() + ": "
                    + f.spec().action().word() + (f.brokerId() == null ? "" : " broker " + f.brokerId())));
        }
        return bands;
    }

    private static ObjectNode band(double from, double to, String label) {
        ObjectNode band = JsonNodeFactory.instance.objectNode();
        band.put("from", from);
        band.put("to", to);
        band.put("label", label);
        return band;
    }

    /** Marks {@code chart} for boot.js, which draws the bands behind the lines. */
    static ObjectNode shade(ObjectNode chart, List<ObjectNode> bands) {
        if (!bands.isEmpty()) {
            ArrayNode a = chart.putArray("kbenchBands");
            bands.forEach(a::add);
        }
        return chart;
    }

    private static String seconds(Double s) {
        return s == null ? "-" : Fmt.number(s);
    }

    private static String recovered(Double s) {
        return s == null ? "not recovered" : Fmt.number(s);
    }
}
