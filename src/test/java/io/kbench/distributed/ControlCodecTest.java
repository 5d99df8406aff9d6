package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.SliceWindows;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Control messages are opened only when sealed with the same key, for this direction, fresh and not replayed. */
class ControlCodecTest {
    private static final String KEY = "0123456789abcdef0123456789abcdef";
    static final ControlCodec SECURE = new ControlCodec(ControlAuth.of(ControlKey.of(KEY, "test")));
    private static final ControlCodec OTHER_KEY = new ControlCodec(ControlAuth.of(ControlKey.of(KEY.replace('0', 'x'), "test")));
    private static final ControlCodec INSECURE = new ControlCodec(ControlAuth.insecure());
    private static final String CONTROL = ControlTopics.CONTROL;
    private static final String RESULTS = ControlTopics.RESULTS;
    private static final long NOW = 1_800_000_000_000L;

    private static String plan(ControlCodec codec) {
        return codec.seal(new Message.Plan("run-1", "1.0", 2), CONTROL, ControlCodec.COORDINATOR, 5, NOW);
    }

    private static ControlCodec.Refused refused(ControlCodec.Opened o) {
        assertThat(o).isInstanceOf(ControlCodec.Refused.class);
        ControlCodec.Refused r = (ControlCodec.Refused) o;
        assertThat(r.reason()).doesNotContain("\n");
        return r;
    }

    @Test
    void aMessageSealedWithTheSameKeyOpensEqual() {
        ControlCodec.Opened o = SECURE.open(plan(SECURE), CONTROL, NOW + 30);
        assertThat(o).isInstanceOf(ControlCodec.Accepted.class);
        assertThat(((ControlCodec.Accepted) o).message()).isEqualTo(new Message.Plan("run-1", "1.0", 2));
        assertThat(((ControlCodec.Accepted) o).envelope().seq()).isEqualTo(5);
    }

    @Test
    void aPlanForgedWithoutTheKeyIsRefusedAndNamed() {
        ControlCodec.Refused other = refused(SECURE.open(plan(OTHER_KEY), CONTROL, NOW));
        assertThat(other.what()).isEqualTo("record of run run-1 from coordinator (seq 5)");
        assertThat(other.reason()).contains("MAC does not match");
        assertThat(refused(SECURE.open(plan(INSECURE), CONTROL, NOW)).reason()).contains("carries no MAC");
        // A bare message, as kbench wrote before envelopes (and anyone can type).
        assertThat(refused(SECURE.open("{\"type\":\"plan\",\"runId\":\"r\",\"kbenchVersion\":\"1\",\"workers\":1}", CONTROL, NOW))
                .reason()).startsWith("not a kbench control envelope");
    }

    @Test
    void anyChangeToTheSealedTextIsRefused() {
        String sealed = plan(SECURE);
        for (String[] change : new String[][] {{"\\\"workers\\\":2", "\\\"workers\\\":9"}, {"\"runId\":\"run-1\"", "\"runId\":\"run-2\""},
            {"\"seq\":5", "\"seq\":6"}, {"\"sentMillis\":" + NOW, "\"sentMillis\":" + (NOW + 1)}, {"\"sender\":\"coordinator\"", "\"sender\":\"w1\""}}) {
            String changed = sealed.replace(change[0], change[1]);
            assertThat(changed).as(change[0]).isNotEqualTo(sealed);
            assertThat(refused(SECURE.open(changed, CONTROL, NOW)).reason()).as(change[0]).contains("MAC does not match");
        }
    }

    @Test
    void aMessageMovedToTheOtherTopicOrSentAsSomeoneElseIsRefused() {
        assertThat(refused(SECURE.open(plan(SECURE), RESULTS, NOW)).reason()).contains("MAC does not match");
        String coordinatorAsWorker = SECURE.seal(new Message.Plan("run-1", "1.0", 2), RESULTS, "w1", 1, NOW);
        assertThat(refused(SECURE.open(coordinatorAsWorker, RESULTS, NOW)).reason()).contains("coordinator's message on kbench-results");
        String heartbeatOfAnother = SECURE.seal(new Message.Heartbeat("run-1", "w1", 0, 0, 0, 0, false), RESULTS, "w2", 1, NOW);
        assertThat(refused(SECURE.open(heartbeatOfAnother, RESULTS, NOW)).reason()).contains("sent by 'w2' for 'w1'");
    }

    @Test
    void aMessageReplayedLaterIsRefused() {
        assertThat(refused(SECURE.open(plan(SECURE), CONTROL, NOW + ControlCodec.MAX_SKEW_MILLIS + 1)).reason())
                .contains("a replay");
    }

    @Test
    void aMessageReplayedSoonIsRefusedByItsSequenceNumber() {
        ReplayGuard guard = new ReplayGuard();
        Envelope first = ((ControlCodec.Accepted) SECURE.open(plan(SECURE), CONTROL, NOW)).envelope();
        assertThat(guard.accept(first)).isTrue();
        assertThat(guard.accept(first)).as("the same record twice").isFalse();
        Envelope older = new Envelope(1, "run-1", "coordinator", 4, NOW, "{}", null);
        assertThat(guard.accept(older)).isFalse();
        assertThat(guard.accept(new Envelope(1, "run-1", "coordinator", 6, NOW, "{}", null))).isTrue();
        assertThat(guard.accept(new Envelope(1, "run-2", "coordinator", 1, NOW, "{}", null))).as("another run").isTrue();
    }

    @Test
    void malformedMessagesAreRefusedInOneLine() {
        assertThat(refused(SECURE.open(null, CONTROL, NOW)).reason()).isEqualTo("its value is null");
        assertThat(refused(SECURE.open("x".repeat(ControlCodec.MAX_CHARS + 1), CONTROL, NOW)).reason()).contains("over the bound");
        assertThat(refused(SECURE.open("{\"v\":1", CONTROL, NOW)).reason()).startsWith("not a kbench control envelope");
        assertThat(refused(INSECURE.open(envelope("", "{\"type\":\"plan\",\"kbenchVersion\":\"1\",\"workers\":1}"), CONTROL, NOW))
                .reason()).contains("runId");
        assertThat(refused(INSECURE.open(envelope("r", "{\"type\":\"plan\",\"runId\":\"r\",\"kbenchVersion\":\"1\",\"workers\":\"many\"}"),
                CONTROL, NOW)).reason()).startsWith("malformed message");
        assertThat(refused(INSECURE.open(envelope("r", "{\"type\":\"nonsense\",\"runId\":\"r\"}"), CONTROL, NOW)).reason())
                .startsWith("malformed message");
        WorkloadSpec spec = new SpecLoader().load(null, List.of(), List.of());
        String negativeShare = ControlCodec.encode(new Message.Assign("r", spec, "g", 1, 1,
                List.of(new Message.Slice("w1", 0, 0, 1, 0, 0)))).replace("\"producerCount\":1", "\"producerCount\":-1");
        assertThat(negativeShare).contains("-1");
        assertThat(refused(INSECURE.open(envelope("r", negativeShare), CONTROL, NOW)).reason()).startsWith("malformed message");
        String badHistogram = INSECURE.seal(new Message.Interval("r", "w1", 0,
                new io.kbench.result.run.IntervalPoint(1, io.kbench.result.run.IntervalPhase.MEASURED, 0, 0, 0, 0, 0, null, null, null),
                new io.kbench.measure.IntervalCounts(0, 0, 0, 0, 0), "bm90IGEgaGlzdG9ncmFt", "", ""), RESULTS, "w1", 1, NOW);
        assertThat(refused(INSECURE.open(badHistogram, RESULTS, NOW)).reason()).contains("malformed histogram");
    }

    @Test
    void aNegativeShareIsRefusedWhereverItIsBuilt() {
        WorkloadSpec spec = new SpecLoader().load(null, List.of(), List.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Message.Assign("r", spec, "g", 1, 1,
                List.of(new Message.Slice("w1", 0, 0, -1, 0, 0)))).hasMessageContaining("producerCount must be >= 0");
        Message.Done done = new Message.Done("r", "w1", WorkerStatus.COMPLETED, null, null, new SliceWindows(1, 2, 3, 4));
        assertThat(SECURE.open(SECURE.seal(done, RESULTS, "w1", 1, NOW), RESULTS, NOW)).isInstanceOf(ControlCodec.Accepted.class);
    }

    /**
     * Failed before the fix: the body of a record whose MAC does not hold was parsed (up to 1 MiB of JSON) to name its
     * type in the refusal, before the MAC was checked. Now it is named from the envelope alone; once the MAC holds the
     * type is read.
     */
    @Test
    void anUnauthenticatedBodyIsNotRead() {
        String forged = envelope("run-1", "{\"type\":\"plan\",\"runId\":\"run-1\",\"kbenchVersion\":\"1\",\"workers\":1}")
                .replace("\"mac\":null", "\"mac\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"");
        ControlCodec.Refused r = refused(SECURE.open(forged, CONTROL, NOW));
        assertThat(r.what()).isEqualTo("record of run run-1 from coordinator (seq 1)");
        assertThat(r.reason()).contains("MAC does not match");
        // Sealed with the key but stale: the MAC holds, so its body names it.
        assertThat(refused(SECURE.open(plan(SECURE), CONTROL, NOW + ControlCodec.MAX_SKEW_MILLIS + 1)).what())
                .isEqualTo("plan of run run-1 from coordinator (seq 5)");
    }

    /**
     * Failed before the fix: the MAC was compared after base64 decoding, and Java's decoder takes a MAC without its
     * padding, or with other unused low bits in its last character, so records that were not the ones sealed opened.
     * Now only the MAC exactly as sealed opens.
     */
    @Test
    void aMacInAnotherSpellingIsRefused() {
        String sealed = plan(SECURE);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"mac\":\"([A-Za-z0-9+/]{43})=\"").matcher(sealed);
        assertThat(m.find()).as(sealed).isTrue();
        String mac = m.group(1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        int last = alphabet.indexOf(mac.charAt(42));
        // 32 bytes in 43 characters: the last carries the final 4 bits; its 2 low bits are unused.
        char sameBits = alphabet.charAt((last & 0x3C) | ((last + 1) & 0x03));
        assertThat(java.util.Base64.getDecoder().decode(mac.substring(0, 42) + sameBits + "="))
                .as("decodes to the same MAC").isEqualTo(java.util.Base64.getDecoder().decode(mac + "="));
        for (String spelling : new String[] {mac, mac.substring(0, 42) + sameBits + "="}) {
            String changed = sealed.replace("\"mac\":\"" + mac + "=\"", "\"mac\":\"" + spelling + "\"");
            assertThat(changed).isNotEqualTo(sealed);
            assertThat(refused(SECURE.open(changed, CONTROL, NOW)).reason()).as(spelling).contains("MAC does not match");
        }
        assertThat(SECURE.open(sealed, CONTROL, NOW)).isInstanceOf(ControlCodec.Accepted.class);
    }

    /** An unsigned envelope around {@code body}, as anyone can write it. */
    static String envelope(String runId, String body) {
        return "{\"v\":1,\"runId\":\"" + runId + "\",\"sender\":\"coordinator\",\"seq\":1,\"sentMillis\":" + NOW
                + ",\"body\":" + com.fasterxml.jackson.databind.node.TextNode.valueOf(body) + ",\"mac\":null}";
    }
}
