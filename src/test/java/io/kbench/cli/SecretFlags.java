package io.kbench.cli;

import io.kbench.telemetry.MetricsAuth;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Every option whose value may hold a secret, and what keeps the secret off the command line instead: a command line
 * is read by every local user ({@code ps}, {@code /proc/PID/cmdline}), a file of mode 0600 or the environment
 * ({@code /proc/PID/environ} is mode 0400) only by the user and root. {@code SecretFlagsTest} walks every command and
 * checks that an option taking {@code KEY=VALUE}, {@code PATH=VALUE}, a {@code URL} or a {@code SPEC} is either here,
 * with its alternatives offered by the same command, or in {@link #NO_SECRET}; docs/security.md lists this table.
 */
final class SecretFlags {
    /**
     * One secret-taking option.
     *
     * @param option      the option, e.g. {@code --command-property}
     * @param instead     options of the same command that take the secret from a file or the environment
     * @param environment environment variables kbench reads it from
     * @param otherwise   any other way (the workload file), or null
     */
    record SecretFlag(String option, List<String> instead, List<String> environment, String otherwise) {
        SecretFlag {
            Objects.requireNonNull(option, "option");
            instead = List.copyOf(instead);
            environment = List.copyOf(environment);
            if (instead.isEmpty() && environment.isEmpty() && otherwise == null) {
                throw new IllegalArgumentException(option + ": a secret-taking option needs an alternative");
            }
        }
    }

    static final List<SecretFlag> ALL = List.of(
            new SecretFlag("--command-property", List.of("--command-config", "--command-property-env"), List.of(), null),
            new SecretFlag("--broker-config", List.of("--broker-config-file"), List.of(), null),
            new SecretFlag("--producer-props", List.of("--producer.config"), List.of(), null),
            new SecretFlag("--set", List.of(), List.of(), "the workload file (kbench redacts its secrets in every output)"),
            new SecretFlag("--fault", List.of(), List.of(), "the workload file's faults (an exec command's secret words"
                    + " are redacted in every output)"),
            new SecretFlag("--catalog", List.of(CatalogOptions.PASSWORD_FILE),
                    List.of(CatalogOptions.ENV, CatalogOptions.PASSWORD_ENV), null),
            new SecretFlag("--broker-metrics-url", List.of(MetricsAuth.FILE_FLAG),
                    List.of(MetricsAuth.USER_ENV, MetricsAuth.PASSWORD_ENV), null),
            new SecretFlag("--node-exporter-url", List.of(MetricsAuth.FILE_FLAG),
                    List.of(MetricsAuth.USER_ENV, MetricsAuth.PASSWORD_ENV), null));

    /** Options of those shapes that never carry a secret, and why. */
    static final Map<String, String> NO_SECRET = Map.of(
            "--tag", "a label, recorded as given in result.json and the catalog",
            "--command-property-env", "names an environment variable, not its value",
            "--drive", "a drive's endurance figures",
            "--repository", "a Maven repository URL; one with user:password@ in it is refused (KafkaCommandTest)");

    /** The parameter labels of options that may hold a secret unless listed in {@link #NO_SECRET}. */
    static final Set<String> SECRET_SHAPES = Set.of("KEY=VALUE", "PATH=VALUE", "URL", "SPEC");

    private SecretFlags() {
    }
}
