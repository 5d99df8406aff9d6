package io.kbench.fault;

import io.kbench.result.BrokerVersion;
import java.util.Optional;

/**
 * What a running broker reports of itself (its app-info over JMX), read for a roll step so that an upgrade records
 * the release the restarted broker runs rather than the one it was asked to; the caller knows how to reach the brokers'
 * JMX, the faults do not.
 */
@FunctionalInterface
public interface BrokerReports {
    /** None: nothing can be read. */
    BrokerReports NONE = broker -> Optional.empty();

    /** Broker {@code broker}'s versions; empty when it cannot be read now. */
    Optional<BrokerVersion> read(int broker);
}
