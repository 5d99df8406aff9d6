package io.kbench.statistics;

/**
 * A shift in a series: the value at {@code index} is the first after it. An isolated change is one value that
 * differs from the segment around it (the level returns right after it).
 *
 * @param index          first index of the new level
 * @param isolated       one value differs from its segment, rather than a lasting shift
 * @param meanBefore     mean of the segment before (back to the previous change point; isolated: the segment without it)
 * @param meanAfter      mean of the segment after (up to the next change point; isolated: the value itself)
 * @param relativeChange (meanAfter - meanBefore) / meanBefore
 * @param ciLow          95% bootstrap confidence interval of relativeChange, low end
 * @param ciHigh         high end
 * @param pValue         of the significance test that kept it
 */
public record ChangePoint(int index, boolean isolated, double meanBefore, double meanAfter, double relativeChange, double ciLow,
                          double ciHigh, double pValue) {
    public ChangePoint {
        if (index < 0) {
            throw new IllegalArgumentException("index: must be >= 0 (got " + index + ")");
        }
        if (!(pValue >= 0 && pValue <= 1)) {
            throw new IllegalArgumentException("pValue: must be in [0, 1] (got " + pValue + ")");
        }
    }
}
