package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.KeySpec;
import io.kbench.spec.KeyType;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ZipfSamplerTest {
    /** Observed frequencies against 1/k^s normalised: every rank within a few standard errors. */
    private static void matchesTheZipfLaw(int n, double s) {
        ZipfSampler zipf = new ZipfSampler(n, s);
        FastRandom random = new FastRandom(7);
        int draws = 400_000;
        long[] counts = new long[n + 1];
        for (int i = 0; i < draws; i++) {
            int k = zipf.sample(random);
            assertThat(k).isBetween(1, n);
            counts[k]++;
        }
        double norm = 0;
        for (int k = 1; k <= n; k++) {
            norm += Math.pow(k, -s);
        }
        for (int k = 1; k <= Math.min(n, 20); k++) {
            double p = Math.pow(k, -s) / norm;
            double expected = p * draws;
            double sigma = Math.sqrt(draws * p * (1 - p));
            assertThat((double) counts[k]).as("rank %d of %d, s=%s", k, n, s).isBetween(expected - 5 * sigma - 1,
                    expected + 5 * sigma + 1);
        }
    }

    @Test
    void followsTheZipfLawForSeveralSkews() {
        matchesTheZipfLaw(100, 1.0);
        matchesTheZipfLaw(1000, 0.8);
        matchesTheZipfLaw(50, 2.0);
        matchesTheZipfLaw(1, 1.0);
    }

    @Test
    void aLargeKeySpaceNeedsNoTable() {
        ZipfSampler zipf = new ZipfSampler(10_000_000, 1.1);
        FastRandom random = new FastRandom(1);
        int first = 0;
        for (int i = 0; i < 100_000; i++) {
            int k = zipf.sample(random);
            assertThat(k).isBetween(1, 10_000_000);
            first += k == 1 ? 1 : 0;
        }
        assertThat(first).as("the hottest key is drawn far more often than 1 in 10 million").isGreaterThan(10_000);
    }

    @Test
    void zipfKeysMakeTheFirstKeyTheHottest() {
        KeyPool keys = new KeyPool(new KeySpec(KeyType.ZIPF, 1000, 1.2));
        FastRandom random = new FastRandom(3);
        int hot = 0;
        for (int i = 0; i < 10_000; i++) {
            if (new String(keys.keyFor(i, random), StandardCharsets.US_ASCII).equals("key-0")) {
                hot++;
            }
        }
        // P(rank 1) = 1 / H(1000, 1.2) = 0.2306: 2,306 of 10,000, within 5 standard errors (about 210)
        assertThat(hot).isBetween(2_100, 2_520);
    }
}
