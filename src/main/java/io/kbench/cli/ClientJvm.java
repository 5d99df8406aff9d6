package io.kbench.cli;

import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.result.io.Redactor;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * {@code --client-java-home}: the load generator (kbench itself: producers, consumers, measurement) runs on another
 * JDK. kbench re-launches itself there with the same arguments and waits for it; the brokers stay on the JDK that
 * started kbench unless {@code --broker-java-home} says otherwise. The re-launched run records its JDK in
 * {@code environment.clientJdk}. The workload's {@code clientJavaHome} does the same ({@link #forWorkload}); the flag
 * wins over it. The workload's {@code clients.kafkaVersion} re-launches kbench the same way, on that release's Kafka
 * client jars ({@link ClientClassPath}).
 *
 * <p>The child's stdin is a pipe only this JVM holds ({@link ParentPipe}): its arguments come through it, never its
 * command line, and its end means this JVM is gone (SIGKILL included), whereupon the child stops as on SIGTERM.
 */
public final class ClientJvm {
    /** Set in the re-launched JVM: the JDK the brokers default to (the one that started kbench). */
    static final String DEFAULT_BROKER_JAVA_HOME = "kbench.defaultBrokerJavaHome";
    static final String OPTION = "--client-java-home";
    /** Set in the re-launched JVM: its command line and secret properties come on stdin, a pipe from the parent. */
    static final String PARENT_PIPE = "kbench.parentPipe";
    /**
     * How long a re-launched JVM whose parent died may take to stop its run (the interrupt's 10 s, the brokers' grace)
     * before it halts.
     */
    private static final Duration HALT_AFTER = Duration.ofSeconds(60);
    /** Set in the re-launched JVM: the client JDK is chosen (by the flag or the workload), so never re-launch again. */
    static final String CHOSEN = "kbench.clientJavaHomeChosen";
    /** The workload field; the flag wins over it. */
    static final String FIELD = "clientJavaHome";
    /** The secret properties this JVM was handed by the kbench that re-launched it, to hand on if it re-launches too. */
    private static volatile Map<String, String> handedSecrets = Map.of();
    private static final int MIN_FEATURE_VERSION = 17;

    @Option(names = OPTION, paramLabel = "DIR",
            description = "JDK that runs the load generator (producers, consumers); kbench re-launches itself there.")
    Path clientJavaHome;

    /**
     * picocli's execution strategy: when the matched subcommand asks for another client JDK, runs the same command
     * line there instead and returns its exit code; otherwise runs the command here.
     */
    static int execute(CommandLine.ParseResult parseResult) {
        CommandLine.ParseResult leaf = parseResult;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        CommandLine.Model.OptionSpec option = leaf.matchedOption(OPTION);
        if (option == null) {
            return new CommandLine.RunLast().execute(parseResult);
        }
        Path home = option.getValue();
        try {
            return relaunch(checked(home, OPTION), null, withoutOption(parseResult.originalArgs()));
        } catch (RuntimeException e) {
            // Through picocli's execution exception handler: one line and the input-error exit code.
            throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), e.getMessage(), e);
        }
    }

    /**
     * The workload's {@code clientJavaHome} and client release ({@link ClientClassPath#release}, null: kbench's own):
     * re-runs the whole command line on that JDK and those client jars and returns its exit code; empty when this JVM
     * is the one to run (neither asked for, or already re-launched on them). {@code --client-java-home} re-launched
     * this JVM before the workload was read: a client release then re-launches it once more, on the same JDK. Called
     * by a command after its workload is loaded and checked, before anything starts.
     */
    static Optional<Integer> forWorkload(String clientJavaHome, KafkaRelease clients, CommandLine command) {
        if (!BundledRelease.onClassPath()) {
            return Optional.empty(); // this JVM runs the client release already, on the JDK chosen with it
        }
        Jdk jdk = null;
        if (clientJavaHome != null && System.getProperty(CHOSEN) == null) {
            Jdk asked = checked(Path.of(clientJavaHome), FIELD);
            jdk = sameJdk(asked.home(), Path.of(System.getProperty("java.home"))) ? null : asked;
        }
        if (jdk == null && clients == null) {
            return Optional.empty();
        }
        List<String> args = command.getCommandSpec().root().commandLine().getParseResult().originalArgs();
        return Optional.of(relaunch(jdk != null ? jdk : new Jdk(Path.of(System.getProperty("java.home")),
                Runtime.version().feature()), clients, args));
    }

    private static boolean sameJdk(Path a, Path b) {
        try {
            return a.toRealPath().equals(b.toRealPath());
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    record Jdk(Path home, int feature) {
    }

    private static Jdk checked(Path home, String setting) {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw InvalidInputException.field(setting, home, "no executable bin/java under it");
        }
        Properties release = new Properties();
        try (var in = Files.newBufferedReader(home.resolve("release"))) {
            release.load(in);
        } catch (IOException e) {
            throw InvalidInputException.field(setting, home, "no readable 'release' file, so not a JDK");
        }
        String version = release.getProperty("JAVA_VERSION", "").replace("\"", "");
        String feature = version.split("[.+-]")[0];
        if (!feature.matches("\\d+") || Integer.parseInt(feature) < MIN_FEATURE_VERSION) {
            throw InvalidInputException.field(setting, home, "is Java '" + version + "'; kbench needs 17 or newer");
        }
        return new Jdk(home.toAbsolutePath().normalize(), Integer.parseInt(feature));
    }

    static List<String> withoutOption(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(OPTION)) {
                i++;
            } else if (!a.startsWith(OPTION + "=")) {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * The launcher's class archive belongs to its JDK (another JDK would refuse it) and is written by one JVM only:
     * the re-launched JVM keeps the other flags but neither reads nor writes the archive.
     */
    static List<String> withoutClassArchive(List<String> jvmArgs) {
        List<String> out = new ArrayList<>();
        for (String a : jvmArgs) {
            if (!a.startsWith("-XX:SharedArchiveFile=") && !a.startsWith("-XX:ArchiveClassesAtExit=")) {
                out.add(a);
            }
        }
        return out;
    }

    /** Runs {@code originalArgs} on {@code jdk} and, unless null, the client jars of {@code clients}; its exit code. */
    private static int relaunch(Jdk jdk, KafkaRelease clients, List<String> originalArgs) {
        Path home = jdk.home();
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        Map<String, String> secretProperties = new LinkedHashMap<>(handedSecrets);
        secretProperties.putAll(secretProperties(jvmArgs));
        String classPath = clients == null ? System.getProperty("java.class.path") : ClientClassPath.of(clients);
        Map<String, String> handedDown = clients == null ? Map.of() : ClientClassPath.handedDown(clients);
        Process child;
        try {
            // stdin stays a pipe this JVM holds: the child reads its launch from it, then watches it for EOF.
            child = new ProcessBuilder(childCommand(jdk, jvmArgs, classPath, handedDown))
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
        } catch (IOException e) {
            throw new RunFailedException("cannot start the load generator on " + home + ": " + e.getMessage(), e);
        }
        try {
            ParentPipe.send(child.getOutputStream(), new ParentPipe.Launch(originalArgs, secretProperties));
        } catch (IOException e) {
            child.destroyForcibly();
            throw new RunFailedException("cannot hand the command line to the load generator on " + home + ": "
                    + e.getMessage(), e);
        }
        // A terminal's Ctrl-C reaches the child too (same process group); it stops its run and writes the result,
        // so this JVM waits for it instead of dying first. A SIGTERM to this JVM is passed on by the hook.
        ignoreInterrupt();
        Thread forward = new Thread(() -> {
            child.destroy();
            waitFor(child);
        }, "kbench-client-jvm-stop");
        Runtime.getRuntime().addShutdownHook(forward);
        int code = waitFor(child);
        try {
            Runtime.getRuntime().removeShutdownHook(forward);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running and waits for the child itself.
        }
        return code;
    }

    /**
     * The re-launched JVM's command line: JDK, JVM flags (none secret), {@code handedDown} as system properties (none
     * secret either), {@code classPath}, {@link Main}, and no argument of the user's; those come through the pipe,
     * since every local user can read a command line.
     */
    static List<String> childCommand(Jdk jdk, List<String> jvmArgs, String classPath, Map<String, String> handedDown) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.home().resolve("bin").resolve("java").toString());
        for (String a : withoutClassArchive(jvmArgs)) {
            if (!isSecretProperty(a)) {
                cmd.add(a);
            }
        }
        if (jdk.feature() >= 24) {
            // JCTools (the latency recorders' queues) still uses sun.misc.Unsafe; JDK 24+ would warn on every run.
            cmd.add("--sun-misc-unsafe-memory-access=allow");
            // Conscrypt (tlsProvider: conscrypt) loads its native library; JDK 24+ would warn about it on stderr.
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        String brokerDefault = System.getProperty(DEFAULT_BROKER_JAVA_HOME, System.getProperty("java.home"));
        cmd.add("-D" + DEFAULT_BROKER_JAVA_HOME + "=" + brokerDefault);
        cmd.add("-D" + CHOSEN + "=true");
        cmd.add("-D" + PARENT_PIPE + "=true");
        handedDown.forEach((name, value) -> cmd.add("-D" + name + "=" + value));
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(Main.class.getName());
        return cmd;
    }

    /** The {@code -Dname=value} JVM flags whose name says they hold a secret (a key store password, say). */
    static Map<String, String> secretProperties(List<String> jvmArgs) {
        Map<String, String> secret = new LinkedHashMap<>();
        for (String a : jvmArgs) {
            if (isSecretProperty(a)) {
                int eq = a.indexOf('=');
                secret.put(a.substring(2, eq), a.substring(eq + 1));
            }
        }
        return secret;
    }

    private static boolean isSecretProperty(String jvmArg) {
        int eq = jvmArg.indexOf('=');
        return jvmArg.startsWith("-D") && eq > 2 && Redactor.isSecret(jvmArg.substring(2, eq));
    }

    /**
     * The arguments this JVM runs: those its parent sent when it is a re-launched one (then the parent is watched
     * from here on), else {@code args} as given. Called by {@link Main#main} before anything else.
     */
    static String[] arguments(String[] args) {
        if (!Boolean.getBoolean(PARENT_PIPE)) {
            return args;
        }
        ParentPipe.Launch launch;
        try {
            launch = ParentPipe.receive(System.in);
        } catch (IOException e) {
            System.err.println("kbench: error: no command line from the kbench that re-launched this JVM: " + e.getMessage());
            System.exit(ExitCode.RUN_FAILED.code());
            return args;
        }
        launch.properties().forEach(System::setProperty);
        handedSecrets = Map.copyOf(launch.properties());
        ParentPipe.watch(System.in, ClientJvm::parentGone);
        return launch.args().toArray(String[]::new);
    }

    /** The parent was SIGKILLed (or crashed): this JVM's run and everything it started must not outlive it. */
    private static void parentGone() {
        String release = System.getProperty(BundledRelease.CLIENT_RELEASE_PROPERTY);
        System.err.println("kbench: the kbench that re-launched this JVM on " + (release == null ? "another JDK"
                : "the Kafka " + release + " client") + " is gone: stopping as on SIGTERM");
        System.err.flush();
        ParentPipe.haltAfter(HALT_AFTER);
        ParentPipe.terminateSelf();
    }

    private static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // Keep waiting: the child owns the run and its result.
            }
        }
    }

    private static void ignoreInterrupt() {
        try {
            Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException reserved) {
            // -Xrs: the JVM keeps SIGINT.
        }
    }
}
