package io.kbench.telemetry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4: what node-exporter and the JMX exporter
 * serve). The Prometheus Java client only writes this format, so reading it is done here; anything malformed is an
 * error naming the line, never a silently skipped sample.
 */
final class PrometheusText {
    /** One sample line: metric name, labels in order, value. */
    record PromSample(String name, Map<String, String> labels, double value) {
    }

    private PrometheusText() {
    }

    static List<PromSample> parse(String text) {
        List<PromSample> samples = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                samples.add(sample(line));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage() + ": " + line, e);
            }
        }
        return samples;
    }

    private static PromSample sample(String line) {
        int pos = 0;
        while (pos < line.length() && isNameChar(line.charAt(pos), pos == 0)) {
            pos++;
        }
        if (pos == 0) {
            throw new IllegalArgumentException("no metric name");
        }
        String name = line.substring(0, pos);
        Map<String, String> labels = new LinkedHashMap<>();
        if (pos < line.length() && line.charAt(pos) == '{') {
            pos = labels(line, pos + 1, labels);
        }
        String[] rest = line.substring(pos).strip().split("\\s+");
        if (rest.length < 1 || rest.length > 2 || rest[0].isEmpty()) {
            throw new IllegalArgumentException("expected a value and an optional timestamp");
        }
        if (rest.length == 2) {
            Long.parseLong(rest[1]);
        }
        return new PromSample(name, labels, value(rest[0]));
    }

    /** Reads {@code name="value",...}} from {@code pos}; returns the position after the closing brace. */
    private static int labels(String line, int pos, Map<String, String> labels) {
        while (true) {
            pos = skipSpaces(line, pos);
            if (pos < line.length() && line.charAt(pos) == '}') {
                return pos + 1;
            }
            int start = pos;
            while (pos < line.length() && isNameChar(line.charAt(pos), pos == start)) {
                pos++;
            }
            if (pos == start || pos + 1 >= line.length() || line.charAt(pos) != '=' || line.charAt(pos + 1) != '"') {
                throw new IllegalArgumentException("bad label at column " + (pos + 1));
            }
            String label = line.substring(start, pos);
            StringBuilder value = new StringBuilder();
            pos += 2;
            while (true) {
                if (pos >= line.length()) {
                    throw new IllegalArgumentException("unterminated label value");
                }
                char c = line.charAt(pos++);
                if (c == '"') {
                    break;
                }
                if (c == '\\') {
                    if (pos >= line.length()) {
                        throw new IllegalArgumentException("unterminated escape");
                    }
                    char e = line.charAt(pos++);
                    value.append(e == 'n' ? '\n' : e);
                } else {
                    value.append(c);
                }
            }
            labels.put(label, value.toString());
            pos = skipSpaces(line, pos);
            if (pos < line.length() && line.charAt(pos) == ',') {
                pos++;
            } else if (pos >= line.length() || line.charAt(pos) != '}') {
                throw new IllegalArgumentException("expected , or } at column " + (pos + 1));
            }
        }
    }

    private static double value(String text) {
        switch (text) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                return Double.parseDouble(text);
        }
    }

    private static int skipSpaces(String line, int pos) {
        while (pos < line.length() && line.charAt(pos) == ' ') {
            pos++;
        }
        return pos;
    }

    private static boolean isNameChar(char c, boolean first) {
        return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
    }
}
