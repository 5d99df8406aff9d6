package io.kbench.result;

/**
 * Any file kbench writes for later reading: a run or find-max result.json, a sweep.json, and the {@code --json}
 * output of {@code kbench plan} and {@code kbench cost}. {@link ResultReader} reads each into its record,
 * {@link ResultWriter} writes them; the five document records are the only implementations (ResultReader reads exactly these kinds).
 */
public interface KbenchResult {
    /** run, sweep, find-max, plan or cost. Written into the file for the first three; plan and cost files have none. */
    String kind();
}
