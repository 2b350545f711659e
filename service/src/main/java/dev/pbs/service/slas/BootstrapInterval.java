package dev.pbs.service.slas;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * A live figure's 95% interval, holding the measurement's own sampling and the Monte Carlo noise.
 *
 * <p>The sampling comes from bootstrap replicates: the figure predicted from profiles resampled from
 * the window's own measurements ({@link dev.pbs.model.profile.ProfileResampling}), every replicate
 * with the same random draws, so that replicates differ by their profiles alone. Their standard
 * deviation, times Student's 97.5% quantile for as many replicates less one degrees of freedom
 * (the deviation is itself estimated), is the sampling's half-width; the point estimate's own Monte
 * Carlo interval (Wilson for a probability, order statistics for a time) is the noise's. The two
 * add in quadrature on each side of the point estimate, in a scale where such a figure is nearer
 * normal: the arcsine of a probability's square root (finite at 0 and 1, where the replicates of a
 * figure near them often land), the logarithm of a time. A replicate beyond the simulated range
 * (+infinity) makes the upper end +infinity (null).
 */
final class BootstrapInterval {

    /** Added to a time before its logarithm, ms: a window of 0 (a strict quorum) stays finite. */
    private static final double TIME_OFFSET_MILLIS = 0.01;

    private BootstrapInterval() {}

    /**
     * {lower, upper} of a probability within [0, 1].
     *
     * @param lower the point estimate's own Monte Carlo interval, low end
     * @param upper and high end
     */
    static double[] probability(double point, double lower, double upper, double[] replicates) {
        double estimate = arcsine(point);
        double sampling = halfWidth(
                Arrays.stream(replicates).map(BootstrapInterval::arcsine).toArray());
        double low = sineSquared(estimate - Math.hypot(sampling, estimate - arcsine(lower)));
        double high = sineSquared(estimate + Math.hypot(sampling, arcsine(upper) - estimate));
        return new double[] {Math.min(lower, low), Math.max(upper, high)};
    }

    /**
     * {lower, upper} of a time in ms (0 or more; null beyond the simulated range).
     *
     * @param lower the point estimate's own Monte Carlo interval, low end (null: beyond the range)
     * @param upper and high end
     */
    static Double[] millis(Double point, Double lower, Double upper, double[] replicates) {
        if (point == null) {
            return new Double[] {lower, null};
        }
        double[] finite = Arrays.stream(replicates).filter(Double::isFinite).toArray();
        boolean beyond = finite.length < replicates.length || upper == null;
        double estimate = logMillis(point);
        double sampling = halfWidth(
                Arrays.stream(finite).map(BootstrapInterval::logMillis).toArray());
        double low = Math.exp(estimate - Math.hypot(sampling, estimate - logMillis(lower))) - TIME_OFFSET_MILLIS;
        // exp(log(0.01)) - 0.01 is not always 0: a window of 0 with no spread stays [0, 0]
        Double high = beyond
                ? null
                : zeroIfTiny(Math.max(
                        upper,
                        Math.exp(estimate + Math.hypot(sampling, logMillis(upper) - estimate)) - TIME_OFFSET_MILLIS));
        return new Double[] {zeroIfTiny(Math.max(0, Math.min(lower, low))), high};
    }

    /** The sampling's half-width: Student's 97.5% quantile times the replicates' standard deviation; 0 for fewer than two. */
    private static double halfWidth(double[] scaledReplicates) {
        if (scaledReplicates.length < 2) {
            return 0;
        }
        double quantile = new TDistribution(scaledReplicates.length - 1).inverseCumulativeProbability(0.975);
        return quantile * new StandardDeviation().evaluate(scaledReplicates);
    }

    /** The arcsine of the square root: the scale in which a proportion's sampling noise is nearly even, 0 and 1 included. */
    private static double arcsine(double probability) {
        return Math.asin(Math.sqrt(Math.max(0, Math.min(1, probability))));
    }

    /** The inverse of {@link #arcsine}, within [0, 1]. */
    private static double sineSquared(double value) {
        double sine = Math.sin(Math.max(0, Math.min(Math.PI / 2, value)));
        return sine * sine;
    }

    private static double zeroIfTiny(double millis) {
        return millis < 1e-9 ? 0 : millis;
    }

    private static double logMillis(double millis) {
        return Math.log(millis + TIME_OFFSET_MILLIS);
    }
}
