package io.kbench.fault;

import io.kbench.spec.FaultSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A fault starting or ending (restart, resume), {@code offsetNanos} after the start of the measured window.
 *
 * @param offsetNanos when, from the start of the measured window
 * @param index       the fault's index in the workload
 * @param start       true for the start, false for the end of a fault with a duration
 */
record FaultEvent(long offsetNanos, int index, boolean start) {
    /** Ends before starts at the same instant (a broker comes back before the next fault picks a target), then by index. */
    private static final Comparator<FaultEvent> ORDER = Comparator.comparingLong(FaultEvent::offsetNanos)
            .thenComparing(FaultEvent::start).thenComparingInt(FaultEvent::index);

    /** Every start and end of {@code faults}, in the order they fire. */
    static List<FaultEvent> plan(List<FaultSpec> faults) {
        List<FaultEvent> events = new ArrayList<>();
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec f = faults.get(i);
            events.add(new FaultEvent(f.at().toNanos(), i, true));
            if (f.endsAt() != null) {
                events.add(new FaultEvent(f.endsAt().toNanos(), i, false));
            }
        }
        events.sort(ORDER);
        return List.copyOf(events);
    }
}
