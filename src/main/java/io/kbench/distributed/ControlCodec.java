package io.kbench.distributed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kbench.format.StrictMapper;
import io.kbench.measure.LatencyMetric;

/**
 * Seals messages into {@link Envelope}s and opens them, refusing whatever is not an intact, fresh, authenticated kbench
 * message of the right direction. Opening never throws: anyone who can write to the topics can send anything, and
 * nothing they send may end a worker or a coordinator.
 */
final class ControlCodec {
    /** The largest record read: 1 MiB (1,048,576) characters, Kafka's default largest message. */
    static final int MAX_CHARS = 1024 * 1024;
    /** How far a message's sent time may be from the broker's append time: a replay later than this is refused. */
    static final long MAX_SKEW_MILLIS = 120_000;
    static final String COORDINATOR = "coordinator";

    private static final ObjectMapper JSON = StrictMapper.json().disable(SerializationFeature.INDENT_OUTPUT);

    /** What opening a record gave. */
    sealed interface Opened permits Accepted, Refused {
    }

    /** An intact message; the replay check ({@link ReplayGuard}) is the caller's, as it needs state. */
    record Accepted(Envelope envelope, Message message) implements Opened {
    }

    /** Not accepted: {@code what} names it as far as it could be read, {@code reason} says why; both one line. */
    record Refused(String what, String reason) implements Opened {
    }

    private final ControlAuth auth;

    ControlCodec(ControlAuth auth) {
        this.auth = auth;
    }

    String seal(Message message, String topic, String sender, long seq, long nowMillis) {
        String body = encode(message);
        Envelope unsigned = new Envelope(Envelope.VERSION, message.runId(), sender, seq, nowMillis, body, null);
        Envelope sealed = new Envelope(Envelope.VERSION, message.runId(), sender, seq, nowMillis, body,
                auth.mac(unsigned.canonical(topic)));
        try {
            return JSON.writeValueAsString(sealed);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode an envelope: " + e.getOriginalMessage(), e);
        }
    }

    /** Opens a record read from {@code topic}; {@code appendMillis}: the broker's timestamp of the record. */
    Opened open(String value, String topic, long appendMillis) {
        if (value == null) {
            return new Refused("a record", "its value is null");
        }
        if (value.length() > MAX_CHARS) {
            return new Refused("a record", "it is " + value.length() + " characters, over the bound of " + MAX_CHARS);
        }
        Envelope e;
        try {
            e = JSON.readValue(value, Envelope.class);
        } catch (JsonProcessingException | RuntimeException x) {
            return new Refused("a record", "not a kbench control envelope: " + problem(x));
        }
        if (e == null) {
            return new Refused("a record", "not a kbench control envelope: empty");
        }
        if (!auth.verify(e.canonical(topic), e.mac())) {
            // Named from the envelope alone: the body of a record nobody vouches for is not read, not even for its type.
            return new Refused(unverified(e), e.mac() == null
                    ? "it carries no MAC (its sender has no control key or runs --insecure-control)"
                    : "its MAC does not match (not sealed with this process's control key, or changed on the way)");
        }
        String what = describe(e);
        if (Math.abs(e.sentMillis() - appendMillis) > MAX_SKEW_MILLIS) {
            return new Refused(what, "sent at " + e.sentMillis() + " but appended at " + appendMillis
                    + " ms (more than " + MAX_SKEW_MILLIS / 1000 + " s apart: a replay, or a clock that is far off)");
        }
        Message m;
        try {
            m = JSON.readValue(e.body(), Message.class);
        } catch (JsonProcessingException | RuntimeException x) {
            return new Refused(what, "malformed message: " + problem(x));
        }
        String wrong = mismatch(e, m, topic);
        if (wrong != null) {
            return new Refused(what, wrong);
        }
        return new Accepted(e, m);
    }

    /** Whether the authenticated envelope and its message agree, and the message goes the right way; null if so. */
    private static String mismatch(Envelope e, Message m, String topic) {
        if (m == null) {
            return "malformed message: empty";
        }
        if (!e.runId().equals(m.runId())) {
            return "the message's run id is not the envelope's";
        }
        if (!(m instanceof Message.ClockProbe)) {
            boolean control = topic.equals(ControlTopics.CONTROL);
            if (m.fromCoordinator() != control) {
                return "a " + (m.fromCoordinator() ? "coordinator's" : "worker's") + " message on " + topic;
            }
            String expected = m.fromCoordinator() ? COORDINATOR : m.workerId();
            if (!e.sender().equals(expected)) {
                return "sent by '" + e.sender() + "' for '" + expected + "'";
            }
        }
        if (m instanceof Message.Interval i) {
            try {
                for (LatencyMetric metric : LatencyMetric.values()) {
                    HistogramCodec.decode(i.histogram(metric));
                }
            } catch (RuntimeException x) {
                return Text.line(x.getMessage());
            }
        }
        return null;
    }

    /** "record of run R from S (seq N)": what an envelope whose MAC does not hold says of itself, for its refusal. */
    private static String unverified(Envelope e) {
        return "record of run " + Text.line(e.runId()) + " from " + Text.line(e.sender()) + " (seq " + e.seq() + ")";
    }

    /**
     * "plan of run R from S (seq N)", for the log line of a refusal: read from the body once the MAC holds (or none is
     * asked for, with {@code --insecure-control}).
     */
    private static String describe(Envelope e) {
        String type = "message";
        try {
            JsonNode t = JSON.readTree(e.body()).get("type");
            if (t != null && t.isTextual() && t.asText().matches("[a-z-]{1,20}")) {
                type = t.asText();
            }
        } catch (JsonProcessingException | RuntimeException ignored) {
            // Named as a message; the reason says what is wrong with it.
        }
        return type + " of run " + Text.line(e.runId()) + " from " + Text.line(e.sender()) + " (seq " + e.seq() + ")";
    }

    static String encode(Message message) {
        try {
            return JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    static Message decode(String text) throws JsonProcessingException {
        return JSON.readValue(text, Message.class);
    }

    private static String problem(Exception x) {
        Throwable t = x;
        while (t.getCause() != null && t.getCause() != t && !(t instanceof JsonProcessingException)) {
            t = t.getCause();
        }
        String text = t instanceof JsonProcessingException j ? j.getOriginalMessage() : t.getMessage();
        return Text.line(text == null ? t.getClass().getSimpleName() : text);
    }

    /** One bounded line of text from a message that may come from anyone. */
    static final class Text {
        private static final int MAX = 200;

        private Text() {
        }

        static String line(String s) {
            if (s == null) {
                return "";
            }
            // Unicode controls (C0, C1: a CSI is U+009B) and format characters (bidi overrides), not only ASCII's.
            String one = s.replaceAll("[\\p{Cc}\\p{Cf}]", " ").strip();
            return one.length() <= MAX ? one : one.substring(0, MAX) + "...";
        }
    }
}
