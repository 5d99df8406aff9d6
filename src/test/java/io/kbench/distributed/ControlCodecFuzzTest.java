package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kbench.load.SliceWindows;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * Random, truncated and mutated records into the decoder, with and without a key, as text and as the bytes a reader
 * gets from the topic: opening never throws, a refusal is one bounded line, and with a key nothing but the untouched
 * originals is accepted. The worst records a writer can fit under the bound open in bounded time. Seeded, so a failure
 * repeats.
 */
class ControlCodecFuzzTest {
    private static final long NOW = 1_800_000_000_000L;
    private static final int ROUNDS = 4_000;

    private static List<String[]> valid(ControlCodec codec) {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.rate=100", "consumers.mode=live"), List.of());
        List<String[]> all = new ArrayList<>();
        String c = ControlTopics.CONTROL;
        String r = ControlTopics.RESULTS;
        all.add(new String[] {c, codec.seal(new Message.Plan("run-1", "1.0", 2), c, "coordinator", 1, NOW)});
        all.add(new String[] {c, codec.seal(new Message.Assign("run-1", spec, "g", 7, 3,
                List.of(new Message.Slice("w1", 0, 0, 1, 0, 1))), c, "coordinator", 2, NOW)});
        all.add(new String[] {c, codec.seal(new Message.Start("run-1", NOW * 1_000_000), c, "coordinator", 3, NOW)});
        all.add(new String[] {c, codec.seal(new Message.Stop("run-1", "because"), c, "coordinator", 4, NOW)});
        all.add(new String[] {r, codec.seal(new Message.Join("run-1", "w1", "h", "1.0", 1.5, 2.5), r, "w1", 1, NOW)});
        all.add(new String[] {r, codec.seal(new Message.Heartbeat("run-1", "w1", 3, 10, 9, 9, true), r, "w1", 2, NOW)});
        all.add(new String[] {r, codec.seal(new Message.Done("run-1", "w1", WorkerStatus.FAILED, "x", null,
                new SliceWindows(1, 2, 3, 4)), r, "w1", 3, NOW)});
        return all;
    }

    @Test
    void noRecordEndsTheReaderAndOnlyIntactOnesAreAcceptedWithAKey() {
        fuzz(ControlCodecTest.SECURE, 1L, true);
    }

    @Test
    void withoutAKeyMutatedMessagesReachTheMessageChecksAndNeverThrow() {
        fuzz(new ControlCodec(ControlAuth.insecure()), 2L, false);
    }

    private static void fuzz(ControlCodec codec, long seed, boolean keyed) {
        Random random = new Random(seed);
        List<String[]> originals = valid(codec);
        int accepted = 0;
        for (int i = 0; i < ROUNDS; i++) {
            String[] pick = originals.get(random.nextInt(originals.size()));
            String record = switch (i % 4) {
                case 0 -> randomText(random);
                case 1 -> pick[1].substring(0, random.nextInt(pick[1].length()));
                case 2 -> mutate(pick[1], random);
                default -> splice(pick[1], originals.get(random.nextInt(originals.size()))[1], random);
            };
            ControlCodec.Opened o;
            try {
                o = codec.open(record, pick[0], NOW);
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " round " + i + " threw on: " + record, e);
            }
            if (o instanceof ControlCodec.Refused r) {
                assertThat(r.reason()).as(record).doesNotContain("\n").hasSizeLessThan(400);
                assertThat(r.what()).as(record).doesNotContain("\n");
            } else {
                accepted++;
                if (keyed) {
                    assertThat(originals.stream().anyMatch(v -> v[1].equals(record)))
                            .as("with a key only an untouched original opens: " + record).isTrue();
                }
            }
        }
        for (String[] v : originals) {
            assertThat(codec.open(v[1], v[0], NOW)).as(v[1]).isInstanceOf(ControlCodec.Accepted.class);
        }
        assertThat(accepted).as("mutations that kept a message whole were still checked").isLessThan(ROUNDS);
    }

    /**
     * What a reader really gets: any bytes, decoded as the channel's Kafka {@code StringDeserializer} does (UTF-8, what
     * is not UTF-8 replaced). Random bytes, and sealed messages with bits flipped.
     */
    @Test
    void randomAndBitFlippedBytesNeverThrowAndNeverOpenWithAKey() {
        StringDeserializer utf8 = new StringDeserializer();
        Random random = new Random(3L);
        List<String[]> originals = valid(ControlCodecTest.SECURE);
        for (int i = 0; i < ROUNDS; i++) {
            String[] pick = originals.get(random.nextInt(originals.size()));
            byte[] bytes = i % 2 == 0 ? randomBytes(random) : flipBits(pick[1].getBytes(StandardCharsets.UTF_8), random);
            String value = utf8.deserialize(pick[0], bytes);
            ControlCodec.Opened o;
            try {
                o = ControlCodecTest.SECURE.open(value, pick[0], NOW);
            } catch (RuntimeException e) {
                throw new AssertionError("round " + i + " threw on: " + value, e);
            }
            assertThat(o).as("a changed byte never opens with a key: " + value).isInstanceOf(ControlCodec.Refused.class);
            assertThat(((ControlCodec.Refused) o).reason()).as(value).doesNotContain("\n").hasSizeLessThan(400);
        }
    }

    /**
     * The heaviest records that fit the 1 MiB bound: 1 MiB of nesting, of digits, of escapes, of duplicate keys, and,
     * without a key (where the body is read), envelopes around such bodies. Each is refused, none throws, and all of
     * them open within a few seconds together (a parse that grew faster than linearly would take minutes at this
     * size). The parser's own bounds (nesting depth, number length) do the work; this pins that they stay on.
     */
    @Test
    void theHeaviestRecordsUnderTheBoundAreRefusedInBoundedTime() {
        int n = ControlCodec.MAX_CHARS;
        List<String> heavy = List.of(
                "[".repeat(n),
                "{\"v\":" + "[".repeat(n - 10),
                "{\"v\":1,\"seq\":" + "9".repeat(n - 20) + "}",
                "{\"v\":1,\"seq\":1." + "0".repeat(n - 30) + "1}",
                "{\"v\":1,\"runId\":\"" + "\\u0000".repeat((n - 30) / 6) + "\"}",
                "{" + "\"v\":1,".repeat((n - 10) / 6) + "\"v\":1}",
                " ".repeat(n - 2) + "{}",
                ControlCodecTest.envelope("r", "[".repeat(n - 300)),
                ControlCodecTest.envelope("r", "{\"type\":\"plan\",\"runId\":\"r\",\"kbenchVersion\":"
                        + "[".repeat(n - 400)),
                ControlCodecTest.envelope("r", "{\"type\":\"plan\",\"runId\":\"r\",\"kbenchVersion\":\""
                        + "x".repeat(n - 400) + "\",\"workers\":1,\"workers\":2}"),
                ControlCodecTest.envelope("r", "{\"type\":\"stop\",\"runId\":\"r\",\"reason\":\"" + "\\n".repeat((n - 400) / 4)
                        + "\",\"x\":1}"));
        ControlCodec insecure = new ControlCodec(ControlAuth.insecure());
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (String record : heavy) {
                assertThat(record.length()).as("under the bound, so the parser sees it").isLessThanOrEqualTo(n);
                for (ControlCodec codec : List.of(ControlCodecTest.SECURE, insecure)) {
                    ControlCodec.Opened o = codec.open(record, ControlTopics.CONTROL, NOW);
                    assertThat(o).as(record.substring(0, 60)).isInstanceOf(ControlCodec.Refused.class);
                    ControlCodec.Refused r = (ControlCodec.Refused) o;
                    assertThat(r.reason()).doesNotContain("\n").hasSizeLessThan(400);
                    assertThat(r.what()).doesNotContain("\n").hasSizeLessThan(400);
                }
            }
        }, "the heaviest records under the bound took more than 20 s: a parse that is not linear");
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(400)];
        random.nextBytes(b);
        return b;
    }

    private static byte[] flipBits(byte[] b, Random random) {
        byte[] c = b.clone();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            int at = random.nextInt(c.length);
            c[at] ^= (byte) (1 << random.nextInt(8));
        }
        return c;
    }

    private static String randomText(Random random) {
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(200);
        String alphabet = "{}[]\":,01v-runIdseqbodymactypeplan\\ \u0000\u00e9";
        for (int i = 0; i < n; i++) {
            b.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x3000) : alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    private static String mutate(String s, Random random) {
        char[] c = s.toCharArray();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            c[random.nextInt(c.length)] = "0123456789-\"{}[],:abcnulltrue".charAt(random.nextInt(29));
        }
        return new String(c);
    }

    private static String splice(String a, String b, Random random) {
        return a.substring(0, random.nextInt(a.length())) + b.substring(random.nextInt(b.length()));
    }
}
