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
        long[] bounds = bounds(new Level(n, p));
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
     * compiles it. Bounded: emptied when full. Computed outside the map and put into it after, never
     * inside {@code computeIfAbsent}: emptying the map from within its mapping function deadlocks
     * two threads that fill it at once (each holds its bin and waits for the other's); two threads
     * that compute the same ranks at once just compute them twice.
     */
    private static final Map<Level, long[]> BOUNDS = new ConcurrentHashMap<>();

    private static final int MOST_BOUNDS = 4096;

    private static long[] bounds(Level level) {
        long[] known = BOUNDS.get(level);
        if (known != null) {
            return known;
        }
        BinomialDistribution binomial = BinomialDistribution.of((int) level.n(), level.p());
        long lower = Math.max(1, binomial.inverseCumulativeProbability(TAIL));
        long upper = Math.min(level.n(), (long) binomial.inverseCumulativeProbability(1 - TAIL) + 1);
        long[] bounds = {lower, upper};
        if (BOUNDS.size() >= MOST_BOUNDS) {
            BOUNDS.clear();
        }
        BOUNDS.put(level, bounds);
        return bounds;
    }
}
