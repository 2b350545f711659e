package dev.pbs.montecarlo;

/**
 * A quantile of a simulated distribution, in milliseconds, with a distribution-free 95% interval
 * from binomial order statistics: {@code [X_(l), X_(u)]} with l, u the 2.5% and 97.5% points of
 * Binomial(trials, p).
 *
 * <p>Values are read from a histogram with three significant digits (relative resolution about
 * 0.1%); the interval's ends are widened to their buckets' edges, so it stays conservative. A value
 * of {@code +infinity} means the quantile lies beyond the recorded range: the event never happened
 * within the range (for example a non-expanding quorum that never becomes consistent). A value of
 * NaN means no trial counted (with faulty replicas, a configuration never available).
 *
 * @param probability the quantile's level p in (0, 1]
 */
public record QuantileEstimate(double probability, double valueMillis, double lowerMillis, double upperMillis) {

    /** Whether the value is a finite number of milliseconds. */
    public boolean isFinite() {
        return Double.isFinite(valueMillis);
    }

    /** Whether the quantile lies beyond the recorded range ({@code +infinity}). */
    public boolean isBeyondRange() {
        return valueMillis == Double.POSITIVE_INFINITY;
    }
}
