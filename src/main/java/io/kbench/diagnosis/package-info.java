/**
 * What limited a run: pure rules over a run's intervals and telemetry series, each with a stated threshold
 * (docs/diagnosis.md), and the worst latency intervals with what coincided. Uses only result and the bottom packages.
 */
package io.kbench.diagnosis;
