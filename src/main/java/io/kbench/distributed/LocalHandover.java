package io.kbench.distributed;

import io.kbench.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What a coordinator hands its local workers ({@code --local-workers}) on their stdin pipe, never in a file or on a
 * command line: the cluster's client settings (they may hold secrets), the control cluster's (with its own
 * {@code --control-command-config}), and the control key. Nothing of it is on disk, so nothing is left behind when
 * the coordinator is killed; the pipe stays open afterwards, and its end tells the worker its parent is gone.
 *
 * @param data    client properties of the cluster under test
 * @param control client properties of the control cluster
 * @param auth    how control messages are authenticated
 */
public record LocalHandover(Map<String, String> data, Map<String, String> control, ControlAuth auth) {
    /** The last line of the handover; what follows on the pipe is nothing until it closes. */
    static final String END = "#kbench-handover-end";
    private static final int MAX_BYTES = 1024 * 1024;
    private static final String KEY = "control-key";

    public LocalHandover {
        data = Map.copyOf(data);
        control = Map.copyOf(control);
        java.util.Objects.requireNonNull(auth, "auth");
    }

    /** Writes the handover to a worker's stdin and flushes; the stream stays open. */
    void writeTo(OutputStream stdin) throws IOException {
        Properties p = new Properties();
        data.forEach((k, v) -> p.setProperty("data." + k, v));
        control.forEach((k, v) -> p.setProperty("control." + k, v));
        if (auth.authenticated()) {
            p.setProperty(KEY, auth.key().text());
        }
        StringWriter text = new StringWriter();
        p.store(text, null);
        stdin.write((text + END + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** Reads a handover from stdin up to its last line, leaving the rest of the stream unread. */
    public static LocalHandover readFrom(InputStream stdin) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b = stdin.read(); b >= 0; b = stdin.read()) {
                if (all.size() + line.size() > MAX_BYTES) {
                    throw new InvalidInputException("--exit-with-parent: the handover on stdin is over " + MAX_BYTES + " bytes");
                }
                if (b != '\n') {
                    line.write(b);
                    continue;
                }
                String text = line.toString(StandardCharsets.UTF_8);
                if (text.equals(END)) {
                    return parse(all.toString(StandardCharsets.UTF_8));
                }
                all.write(line.toByteArray());
                all.write('\n');
                line.reset();
            }
        } catch (IOException e) {
            throw new InvalidInputException("--exit-with-parent: cannot read the handover on stdin: " + e.getMessage());
        }
        throw new InvalidInputException("--exit-with-parent: stdin ended before the handover did (the parent kbench is gone)");
    }

    private static LocalHandover parse(String text) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        Map<String, String> data = new LinkedHashMap<>();
        Map<String, String> control = new LinkedHashMap<>();
        for (String name : p.stringPropertyNames()) {
            if (name.startsWith("data.")) {
                data.put(name.substring(5), p.getProperty(name));
            } else if (name.startsWith("control.")) {
                control.put(name.substring(8), p.getProperty(name));
            }
        }
        String key = p.getProperty(KEY);
        return new LocalHandover(data, control,
                key == null ? ControlAuth.insecure() : ControlAuth.of(ControlKey.of(key, "the coordinator's handover")));
    }

    @Override
    public String toString() {
        // The settings and the key may be secrets.
        return "LocalHandover[" + data.size() + " data setting(s), " + control.size() + " control setting(s), " + auth + "]";
    }
}
