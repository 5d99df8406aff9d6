package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One priced instance type. Only the name and a price are required: the studies quote little else, and an example
 * file must not invent figures.
 *
 * @param hourlyPrice     price per instance-hour in the price book's currency; when only a monthly price is given, the
 *                        monthly price / {@value CostAnalysis#HOURS_PER_MONTH} h
 * @param monthlyPrice    price per instance-month as a provider or a study prints it; optional. When given, monthly
 *                        costs use it as printed rather than the hourly price x {@value CostAnalysis#HOURS_PER_MONTH} h
 * @param monthlyPriceParts the monthly price by resource as a provider bills it (vCPU, RAM, disk), summed into the
 *                        monthly price; optional, instead of monthlyPrice
 * @param diskDescription free text, e.g. "2 x 1.9 TB NVMe"
 * @param note            where the price comes from
 */
public record InstanceType(String name, Double hourlyPrice, Double monthlyPrice, Map<String, Double> monthlyPriceParts,
        Integer vcpus, Double memoryGib, Double networkGbps, String diskDescription, String note) {
    public InstanceType {
        Checks.notBlank("instanceTypes[].name", name);
        if (monthlyPriceParts != null) {
            if (monthlyPrice != null || monthlyPriceParts.isEmpty()) {
                throw InvalidInputException.field("instanceType " + name + ": monthlyPriceParts", monthlyPriceParts,
                        "give monthlyPrice or its parts (at least one), not both");
            }
            monthlyPriceParts = new LinkedHashMap<>(monthlyPriceParts);
            double sum = 0;
            for (Map.Entry<String, Double> part : monthlyPriceParts.entrySet()) {
                sum += Checks.positive("instanceType " + name + ": monthlyPriceParts." + part.getKey(),
                        part.getValue() == null ? 0 : part.getValue());
            }
            monthlyPriceParts = Collections.unmodifiableMap(monthlyPriceParts);
            monthlyPrice = sum;
        }
        if (hourlyPrice == null && monthlyPrice == null) {
            throw InvalidInputException.field("instanceType " + name + ": hourlyPrice", null, "give hourlyPrice or monthlyPrice");
        }
        if (monthlyPrice != null) {
            Checks.positive("instanceType " + name + ": monthlyPrice", monthlyPrice);
        }
        hourlyPrice = hourlyPrice != null ? hourlyPrice : monthlyPrice / CostAnalysis.HOURS_PER_MONTH;
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

    /** A month of {@code nodes} instances: the printed monthly price when there is one, else hourly x 730 h. */
    public double monthlyCost(int nodes) {
        return nodes * (monthlyPrice != null ? monthlyPrice : hourlyPrice * CostAnalysis.HOURS_PER_MONTH);
    }
}
