package io.kbench.cluster;

/** Whether one broker of a long-lived cluster is still running. */
public record BrokerStatus(int id, long pid, int port, boolean alive) {
}
