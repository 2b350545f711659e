package dev.pbs.cassandra.observe;

import org.HdrHistogram.Histogram;

/**
 * How precisely a percentile of observed latencies is known from its sample alone, without
 * assuming a distribution: the order statistics whose ranks lie 1.96 binomial standard deviations
 * either side of the percentile's rank bound a 95% confidence interval for it, and a quarter of
 * that interval's width, over 1.96 / 2, is its standard error (exact for a normal sampling
 * distribution, which a sample quantile has asymptotically).
 */
public final class LatencySampling {

    private static final double Z95 = 1.959963984540054;

    private LatencySampling() {}

    /**
     * The standard error of the {@code percentile}th percentile of the recorded latencies, ms; NaN
     * when fewer than two values were recorded.
     *
     * @param micros the recorded latencies, microseconds
     * @param percentile in (0, 100)
     */
    public static double standardErrorMillis(Histogram micros, double percentile) {
        long count = micros.getTotalCount();
        if (count < 2) {
            return Double.NaN;
        }
        double p = percentile / 100;
        double half = Z95 * Math.sqrt(p * (1 - p) / count);
        double lower = micros.getValueAtPercentile(100 * Math.max(0, p - half));
        double upper = micros.getValueAtPercentile(100 * Math.min(1, p + half));
        return (upper - lower) / 1000.0 / (2 * Z95);
    }
}
