package io.kbench.capacity;

import io.kbench.error.Checks;

/**
 * One priced instance type. Only the name and hourly price are required: the studies quote little else,
 * and an example file must not invent figures.
 *
 * @param hourlyPrice price per instance-hour in the price book's currency
 * @param diskDescription free text, e.g. "2 x 1.9 TB NVMe"
 * @param note where the price comes from
 */
public record InstanceType(String name, double hourlyPrice, Integer vcpus, Double memoryGib, Double networkGbps,
        String diskDescription, String note) {
    public InstanceType {
        Checks.notBlank("instanceTypes[].name", name);
        Checks.positive("instanceType " + name + ": hourlyPrice", hourlyPrice);
        if (vcpus != null) {
            Checks.atLeast("instanceType " + name + ": vcpus", vcpus, 1);
        }
        if (memoryGib != null) {
            Checks.positive("instanceType " + name + ": memoryGib", memoryGib);
        }
        if (networkGbps != null) {
            Checks.positive("instanceType " + name + ": networkGbps", networkGbps);
        }
    }
}
