package io.kbench.diagnosis;

/** One resource's rule: its threshold is in {@link Thresholds} and docs/diagnosis.md. */
interface Rule {
    Judgement judge(RunEvidence evidence);
}
