package io.kbench.report;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page template's {@code {{name}}} slots filled in one pass over the template: a value is never searched for slots
 * itself, so a title that reads {@code {{data}}} (a catalog's workload name, a --title) stays those characters instead
 * of pulling the page's data into the heading, as one {@code String.replace} after another did.
 */
final class Template {
    private static final Pattern SLOT = Pattern.compile("\\{\\{(\\w+)}}");

    private Template() {
    }

    /**
     * {@code template} with each slot replaced by its value; a slot without a value, or a value without a slot, is a
     * broken build (the template and its filler disagree), not bad input: {@link IllegalStateException}.
     */
    static String fill(String template, Map<String, String> values) {
        Matcher m = SLOT.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + values.values().stream().mapToInt(String::length).sum());
        Set<String> used = new HashSet<>();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("template slot {{" + m.group(1) + "}} has no value");
            }
            used.add(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        if (!used.containsAll(values.keySet())) {
            Set<String> unused = new HashSet<>(values.keySet());
            unused.removeAll(used);
            throw new IllegalStateException("template has no slot for " + unused);
        }
        return out.toString();
    }
}
