package io.kbench.study;

/** What kbench says about one claim of a study's original. */
public enum ClaimVerdict {
    /** The claim's finding held on the kept result. */
    HELD("HELD"),
    /** The claim's finding was contradicted on the kept result. */
    CONTRADICTED("CONTRADICTED"),
    /** The ranges overlap the claim's boundary, or a point has no completed repetition. */
    INCONCLUSIVE("INCONCLUSIVE"),
    /** The claim's essential condition (hardware, host count, vendor library, scale) cannot be met here. */
    NOT_TESTABLE_HERE("NOT TESTABLE HERE"),
    /** The claim has a test, but no kept result has been measured for it yet. */
    NOT_MEASURED("NOT MEASURED YET"),
    /** The original's arithmetic, recomputed by kbench plan or cost from its inputs, gives its figure at its precision. */
    REPRODUCED("REPRODUCED"),
    /** The original's arithmetic, recomputed from its inputs, gives a different figure (both are shown). */
    NOT_REPRODUCED("NOT REPRODUCED");

    private final String label;

    ClaimVerdict(String label) {
        this.label = label;
    }

    /** The verdict as the pages print it. */
    public String label() {
        return label;
    }
}
