package io.kbench.driver;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A workload's client properties (Kafka's names, as the Java client takes them) for a driver: checked against the
 * client's table ({@link ClientPropertyTable}) before anything starts, and mapped to the client's own names for the
 * slice's {@code clientProperties}. A name the client cannot honour is refused with one line naming the client, the
 * field and the value (a secret's value is not shown).
 */
public final class DriverProperties {
    /** The connection's address travels in the slice's {@code bootstrap}, not among the client's properties. */
    private static final String BOOTSTRAP = "bootstrap.servers";
    /** The login modules whose user and password a driver can take (SASL PLAIN and SCRAM). */
    private static final Pattern LOGIN_MODULE = Pattern.compile(
            "^\\s*org\\.apache\\.kafka\\.common\\.security\\.(plain\\.PlainLoginModule|scram\\.ScramLoginModule)\\s+required\\b");
    private static final Pattern USER = Pattern.compile("\\busername\\s*=\\s*\"([^\"]*)\"");
    private static final Pattern PASSWORD = Pattern.compile("\\bpassword\\s*=\\s*\"([^\"]*)\"");
    private static final Set<String> MECHANISMS = Set.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");
    private static final Pattern SECRET_NAME = Pattern.compile("password|secret|jaas|token|credential|\\.key$");

    private DriverProperties() {
    }

    /**
     * Every property of each side that runs in a driver, and the connection's, against that client's table: called
     * before anything starts (--dry-run too), after Kafka's own checks of the names and values.
     */
    public static void check(WorkloadSpec spec, Map<String, String> connection) {
        ClientKind producers = spec.producers().client();
        if (producers.external() && spec.producers().count() > 0) {
            map(producers, DriverRole.PRODUCERS, spec.producers().properties(), connection, false);
        }
        ClientKind consumers = spec.consumers().client();
        if (consumers.external() && spec.consumers().enabled()) {
            map(consumers, DriverRole.CONSUMERS, spec.consumers().properties(), connection, false);
        }
    }

    /**
     * The slice's {@code clientProperties} of one side: the workload's and the connection's properties under the
     * client's names, the table's defaults for what the workload leaves out; sorted by name. Reads a PEM trust store
     * file named by location.
     */
    public static Map<String, String> map(ClientKind client, DriverRole role, Map<String, String> workload,
                                          Map<String, String> connection) {
        return map(client, role, workload, connection, true);
    }

    private static Map<String, String> map(ClientKind client, DriverRole role, Map<String, String> workload,
                                           Map<String, String> connection, boolean readFiles) {
        ClientPropertyTable table = ClientPropertyTable.of(client);
        Map<String, String> out = new TreeMap<>();
        for (Map.Entry<String, String> e : new TreeMap<>(connection).entrySet()) {
            if (!e.getKey().equals(BOOTSTRAP)) {
                put(table, role, "connection property " + e.getKey(), e.getKey(), e.getValue(), out, readFiles);
            }
        }
        for (Map.Entry<String, String> e : new TreeMap<>(workload).entrySet()) {
            put(table, role, role.text() + ".properties." + e.getKey(), e.getKey(), e.getValue(), out, readFiles);
        }
        if (role == DriverRole.PRODUCERS) {
            table.producerDefaults().forEach(out::putIfAbsent);
        }
        return out;
    }

    private static void put(ClientPropertyTable table, DriverRole role, String field, String name, String value,
                            Map<String, String> out, boolean readFiles) {
        PropertyMapping row = table.row(name, role);
        String client = table.client().text();
        if (row == null) {
            throw InvalidInputException.field(field, shown(name, value), "client " + client + " does not understand it;"
                    + " its driver takes the names in docs/clients.md#" + client);
        }
        switch (row.conversion()) {
            case CREDENTIALS -> credentials(field, client, value, out);
            case PEM_ONLY -> {
                if (!"PEM".equalsIgnoreCase(value.trim())) {
                    throw InvalidInputException.field(field, value, "client " + client + " takes TLS material as PEM"
                            + " only; give ssl.*.type=PEM with the PEM text (docs/clients.md#tls-and-sasl)");
                }
            }
            case PEM_FILE -> out.put(row.nativeName(), readFiles ? pemFile(field, value) : value);
            case SAME, BYTES_TO_KIBIBYTES, LOWER_CASE, EMPTY_AS_NONE -> {
                if (name.equals("sasl.mechanism") && !MECHANISMS.contains(value.trim())) {
                    throw InvalidInputException.field(field, value, "client " + client + " takes SASL PLAIN,"
                            + " SCRAM-SHA-256 or SCRAM-SHA-512 from kbench");
                }
                try {
                    out.put(row.nativeName(), row.conversion().convert(value));
                } catch (NumberFormatException e) {
                    throw InvalidInputException.field(field, value, "must be a whole number of bytes");
                }
            }
            default -> throw new IllegalStateException("unknown conversion " + row.conversion());
        }
    }

    /** {@code sasl.jaas.config} of a PLAIN or SCRAM login module: its user and password, named without its value. */
    private static void credentials(String field, String client, String jaas, Map<String, String> out) {
        Matcher user = USER.matcher(jaas);
        Matcher password = PASSWORD.matcher(jaas);
        if (!LOGIN_MODULE.matcher(jaas).find() || !user.find() || !password.find()) {
            throw InvalidInputException.field(field, "(hidden)", "client " + client + " takes the username and"
                    + " password of a PLAIN or SCRAM login module only (docs/clients.md#tls-and-sasl)");
        }
        out.put("sasl.username", user.group(1));
        out.put("sasl.password", password.group(1));
    }

    private static String pemFile(String field, String location) {
        try {
            return Files.readString(Path.of(location), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw InvalidInputException.field(field, location, "cannot be read: " + e.getMessage());
        }
    }

    /** A value for a message: a secret's is hidden (the same rule as the result writer's redaction). */
    private static String shown(String name, String value) {
        return SECRET_NAME.matcher(name).find() ? "(hidden)" : value;
    }
}
