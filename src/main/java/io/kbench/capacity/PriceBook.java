package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictYamlFile;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Instance prices from a user's YAML file.
 *
 * @param pricesAsOf the date the prices were true; shown next to every cost so stale prices are visible
 * @param source free text: where the prices come from (and, for examples, that they are not live)
 */
public record PriceBook(String currency, String pricesAsOf, String source, List<InstanceType> instanceTypes) {
    public PriceBook {
        Checks.notBlank("currency", currency);
        Checks.notBlank("pricesAsOf", pricesAsOf);
        if (instanceTypes == null || instanceTypes.isEmpty()) {
            throw InvalidInputException.field("instanceTypes", instanceTypes, "list at least one instance type");
        }
        instanceTypes = List.copyOf(instanceTypes);
        Set<String> seen = new HashSet<>();
        for (InstanceType t : instanceTypes) {
            if (!seen.add(t.name())) {
                throw InvalidInputException.field("instanceTypes[].name", t.name(), "listed twice");
            }
        }
    }

    public static PriceBook load(Path file) {
        return StrictYamlFile.read(file, PriceBook.class);
    }

    public Optional<InstanceType> find(String name) {
        return instanceTypes.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    public InstanceType require(String name, String why) {
        return find(name).orElseThrow(() -> InvalidInputException.field(why, name,
                "instance type not in the price file; known: " + instanceTypes.stream().map(InstanceType::name).toList()));
    }
}
