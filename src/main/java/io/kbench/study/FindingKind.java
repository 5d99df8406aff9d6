package io.kbench.study;

/** The shape of a claim. */
public enum FindingKind {
    /** The subject point has the lowest figure of its group. */
    LOWEST,
    /** The subject point has the highest figure of its group. */
    HIGHEST,
    /** The figure of one point divided by another's lies within bounds. */
    RATIO
}
