package io.kbench.experiment;

import io.kbench.result.findmax.FindMaxResult;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import io.kbench.unit.Units;

/** Builds the {@code findMax} object of a find-max result from a search and the settings it ran with. */
public final class FindMaxFigures {
    private FindMaxFigures() {
    }

    /** The answer of {@code search} for {@code spec}'s record size, with the settings it ran with. */
    public static FindMaxResult.Figures of(WorkloadSpec spec, FindMaxSettings settings, SearchResult search) {
        Double max = search.maxRecordsPerSec();
        double meanBytes = spec.producers().recordSize().meanBytes();
        Number size = spec.producers().recordSize().isFixed() ? (Number) spec.producers().recordSize().bytes() : meanBytes;
        Double achieved = search.achievedPrecision();
        return new FindMaxResult.Figures(settings.slaText(), search.outcome(), max,
                max == null ? null : Units.mib(max * meanBytes), size, settings.precision() * 100,
                achieved == null ? null : achieved * 100, search.firstFailRecordsPerSec(), settings.keepUpTolerance() * 100,
                settings.startRecordsPerSec(), DurationText.format(settings.probeDuration()),
                DurationText.format(settings.probeWarmup()), DurationText.format(settings.probeCooldown()),
                DurationText.format(settings.clusterWarmup()), settings.maxProbes(), search.message());
    }
}
