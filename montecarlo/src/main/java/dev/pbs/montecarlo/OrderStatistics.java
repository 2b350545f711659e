package dev.pbs.montecarlo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
        long point = pointRank(n, p);
        if (p == 1.0) {
            return new long[] {n, n, n};
        }
        long[] bounds = BOUNDS.computeIfAbsent(new Level(n, p), OrderStatistics::bounds);
        return new long[] {Math.min(bounds[0], point), point, Math.max(bounds[1], point)};
    }

    /** The 1-based rank of the p-quantile's point estimate among n samples: {@code ceil(n p)}, within [1, n]. */
    static long pointRank(long n, double p) {
        return Math.max(1, Math.min(n, (long) Math.ceil(n * p - 1e-9 * n * p)));
    }

    private record Level(long n, double p) {}

    /**
     * The interval's ranks by (n, p), which every configuration of a run (same trials, same
     * levels) and every answer of the service with the same trials asks for again: each takes a
     * binomial inverse, which costs a small command-line run tens of milliseconds before the JIT
     * compiles it. Bounded: emptied when full.
     */
    private static final Map<Level, long[]> BOUNDS = new ConcurrentHashMap<>();

    private static final int MOST_BOUNDS = 4096;

    private static long[] bounds(Level level) {
        if (BOUNDS.size() >= MOST_BOUNDS) {
            BOUNDS.clear();
        }
        BinomialDistribution binomial = BinomialDistribution.of((int) level.n(), level.p());
        long lower = Math.max(1, binomial.inverseCumulativeProbability(TAIL));
        long upper = Math.min(level.n(), (long) binomial.inverseCumulativeProbability(1 - TAIL) + 1);
        return new long[] {lower, upper};
    }
}
