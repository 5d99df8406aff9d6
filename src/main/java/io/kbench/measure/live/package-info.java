/**
 * Live Prometheus metrics during a run, sweep or find-max ({@code --metrics-port}), with the Prometheus Java client
 * library: kbench's own client figures once per report interval, and the telemetry samples as they arrive.
 */
package io.kbench.measure.live;
