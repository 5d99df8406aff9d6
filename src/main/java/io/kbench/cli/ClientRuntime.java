package io.kbench.cli;

import io.kbench.spec.WorkloadSpec;

/**
 * What the load generator (kbench's own JVM: producers, consumers, measurement) runs on, as a workload or a sweep
 * names it: a JDK ({@code clientJavaHome}) and a Kafka client release ({@code clients.kafkaVersion}); null each for the
 * one kbench runs on now. Either one other than the current makes kbench re-launch itself ({@link ClientJvm}).
 */
record ClientRuntime(String javaHome, String kafkaVersion) {

    static ClientRuntime of(WorkloadSpec spec) {
        return new ClientRuntime(spec.clientJavaHome(), spec.clientKafkaVersion());
    }
}
