package io.kbench.capacity;

import java.util.List;
import java.util.Optional;

/** Ethernet sizes the plan recommends from, smallest first. */
public final class NicSize {
    /** 10, 25, 40 and 100 GbE: the sizes S3's reference architecture recommends between. */
    public static final List<Integer> GBE = List.of(10, 25, 40, 100);

    private NicSize() {
    }

    /** The smallest NIC whose line rate covers the required Gbps; empty when even 100 GbE is too small. */
    public static Optional<Integer> smallestFitting(double requiredGbps) {
        return GBE.stream().filter(g -> g >= requiredGbps).findFirst();
    }
}
