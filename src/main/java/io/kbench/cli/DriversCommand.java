package io.kbench.cli;

import io.kbench.driver.DriverBuild;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code kbench drivers}: the client drivers kbench builds from its own sources (docs/clients.md). */
@Command(name = "drivers",
        mixinStandardHelpOptions = true,
        description = "Build the drivers of clients other than Java (franz-go) and list what is built (docs/clients.md).",
        subcommands = {
            DriversBuildCommand.class,
            DriversListCommand.class,
        })
public final class DriversCommand {
    static final String CACHE_HELP = "Build cache (default: $" + DriverBuild.CACHE_ENV
            + ", else ${XDG_CACHE_HOME:-~/.cache}/kbench/drivers).";

    static DriverBuild build(Path cache) {
        return cache == null ? DriverBuild.standard() : new DriverBuild(cache);
    }

    /** The clients named, or every client with a driver when none is; {@code java} has none and is refused. */
    static List<ClientKind> clients(List<String> names) {
        if (names == null || names.isEmpty()) {
            return Arrays.stream(ClientKind.values()).filter(ClientKind::external).toList();
        }
        return names.stream().map(DriversCommand::client).toList();
    }

    private static ClientKind client(String name) {
        for (ClientKind c : ClientKind.values()) {
            if (c.external() && c.text().equals(name)) {
                return c;
            }
        }
        throw InvalidInputException.field("CLIENT", name, name.equals("java") ? "java runs in kbench and has no driver"
                : "must be one of " + String.join(", ", clients(null).stream().map(ClientKind::text).toList()));
    }
}
