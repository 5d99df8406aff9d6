package io.kbench.load;

/**
 * Zipf-distributed ranks 1..n (rank k with probability proportional to 1/k^s) by rejection-inversion (Hörmann and
 * Derflinger, "Rejection-inversion to generate variates from monotone discrete distributions", 1996): constant time
 * and no table, so 10 million keys cost no memory, and a draw allocates nothing.
 */
final class ZipfSampler {
    private final int n;
    private final double exponent;
    private final double hIntegralX1;
    private final double hIntegralN;
    private final double s;

    ZipfSampler(int n, double exponent) {
        if (n < 1 || !(exponent > 0)) {
            throw new IllegalArgumentException("n must be >= 1 and exponent > 0 (got " + n + ", " + exponent + ")");
        }
        this.n = n;
        this.exponent = exponent;
        this.hIntegralX1 = hIntegral(1.5) - 1;
        this.hIntegralN = hIntegral(n + 0.5);
        this.s = 2 - hIntegralInverse(hIntegral(2.5) - h(2));
    }

    /** A rank in 1..n; rank 1 is the most frequent. */
    int sample(FastRandom random) {
        while (true) {
            double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            int k = (int) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            // Accept at once when k is close to x (most draws), else test against the exact mass of k.
            if (k - x <= s || u >= hIntegral(k + 0.5) - h(k)) {
                return k;
            }
        }
    }

    /** The integral of h from 1 to x: (x^(1-s) - 1)/(1-s), or log x when s = 1, computed without cancellation. */
    private double hIntegral(double x) {
        double logX = Math.log(x);
        return expm1OverX((1 - exponent) * logX) * logX;
    }

    private double h(double x) {
        return Math.exp(-exponent * Math.log(x));
    }

    private double hIntegralInverse(double x) {
        double t = x * (1 - exponent);
        if (t < -1) {
            t = -1; // rounding near the lower end; the result is then 0 and the rank is clamped to 1
        }
        return Math.exp(log1pOverX(t) * x);
    }

    /** log(1+x)/x, continuous at 0. */
    static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - x * 0.25));
    }

    /** (e^x - 1)/x, continuous at 0. */
    static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + x * 0.25));
    }
}
