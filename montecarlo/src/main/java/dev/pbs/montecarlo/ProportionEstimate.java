package dev.pbs.montecarlo;

import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/**
 * A probability estimated from {@code successes} out of {@code trials}, with its 95% Wilson score
 * interval.
 */
public record ProportionEstimate(long successes, long trials, double estimate, double lower, double upper) {

    private static final double CONFIDENCE = 0.95;

    /**
     * @param trials 0 gives an undefined estimate (NaN, interval [0, 1]): nothing was observed,
     *     as when faults left no trial of a configuration available
     */
    public static ProportionEstimate of(long successes, long trials) {
        if (trials == 0 && successes == 0) {
            return new ProportionEstimate(0, 0, Double.NaN, 0.0, 1.0);
        }
        if (trials < 1 || trials > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("trials must be between 1 and " + Integer.MAX_VALUE + ", was " + trials);
        }
        if (successes < 0 || successes > trials) {
            throw new IllegalArgumentException(
                    "successes must be between 0 and trials=" + trials + ", was " + successes);
        }
        ConfidenceInterval interval =
                new WilsonScoreInterval().createInterval((int) trials, (int) successes, CONFIDENCE);
        double estimate = (double) successes / trials;
        // Clamp rounding: the interval always contains the estimate and stays inside [0, 1].
        double lower = Math.max(0.0, Math.min(estimate, interval.getLowerBound()));
        double upper = Math.min(1.0, Math.max(estimate, interval.getUpperBound()));
        return new ProportionEstimate(successes, trials, estimate, lower, upper);
    }

    /** The estimate of the complementary event, {@code 1 - p}, with the mirrored interval. */
    public ProportionEstimate complement() {
        return new ProportionEstimate(trials - successes, trials, 1.0 - estimate, 1.0 - upper, 1.0 - lower);
    }
}
