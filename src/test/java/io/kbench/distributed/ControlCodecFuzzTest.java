package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.load.SliceWindows;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random, truncated and mutated records into the decoder, with and without a key: opening never throws, a refusal is
 * one bounded line, and with a key nothing but the untouched originals is accepted. Seeded, so a failure repeats.
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
