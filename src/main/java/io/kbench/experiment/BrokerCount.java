package io.kbench.experiment;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;

/** Asks an external cluster how many brokers it has, for the result; 0 when it cannot tell. */
final class BrokerCount {
    private BrokerCount() {
    }

    static int of(Map<String, String> connection) {
        Map<String, Object> props = new HashMap<>(connection);
        props.put("default.api.timeout.ms", "10000");
        props.put("request.timeout.ms", "10000");
        try (Admin admin = Admin.create(props)) {
            return admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).size();
        } catch (Exception e) {
            return 0;
        }
    }
}
