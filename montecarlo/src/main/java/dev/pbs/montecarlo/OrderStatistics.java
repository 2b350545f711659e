package dev.pbs.montecarlo;

import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * Ranks for a quantile and its distribution-free confidence interval from binomial order
 * statistics. With n sorted samples, {@code P(X_(l) <= xi_p < X_(u)) = F(u-1) - F(l-1)} where F is
 * the CDF of Binomial(n, p); choosing {@code l = F^-1(0.025)} and {@code u = F^-1(0.975) + 1}
 * gives at least 95% coverage.
 */
final class OrderStatistics {

    private static final double TAIL = 0.025;

    private OrderStatistics() {}

    static void requireLevel(double p) {
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("quantile level must be in (0, 1], was " + p);
        }
    }

    /**
     * The 1-based ranks {lower, point, upper} for the p-quantile of n samples; the point is
     * {@code ceil(n p)}, the smallest value with at least a fraction p of samples at or below it.
     *
     * @param p quantile level in (0, 1]
     */
    static long[] ranks(long n, double p) {
        requireLevel(p);
        long point = Math.max(1, Math.min(n, (long) Math.ceil(n * p - 1e-9 * n * p)));
        if (p == 1.0) {
            return new long[] {n, n, n};
        }
        BinomialDistribution binomial = BinomialDistribution.of((int) n, p);
        long lower = Math.max(1, binomial.inverseCumulativeProbability(TAIL));
        long upper = Math.min(n, (long) binomial.inverseCumulativeProbability(1 - TAIL) + 1);
        return new long[] {Math.min(lower, point), point, Math.max(upper, point)};
    }
}
