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
 * normal: the log-odds of a probability, the logarithm of a time. A replicate beyond the simulated
 * range (+infinity) makes the upper end +infinity (null).
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
     * @param trials the trials behind the point estimate: the log-odds of 0 and 1 are taken at half a
     *     trial from them
     */
    static double[] probability(double point, double lower, double upper, double[] replicates, long trials) {
        double floor = 0.5 / trials;
        double estimate = logit(clamp(point, floor));
        double sampling = halfWidth(Arrays.stream(replicates)
                .map(value -> logit(clamp(value, floor)))
                .toArray());
        double low =
                lower <= 0 ? 0 : inverseLogit(estimate - Math.hypot(sampling, estimate - logit(clamp(lower, floor))));
        double high =
                upper >= 1 ? 1 : inverseLogit(estimate + Math.hypot(sampling, logit(clamp(upper, floor)) - estimate));
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

    private static double zeroIfTiny(double millis) {
        return millis < 1e-9 ? 0 : millis;
    }

    private static double logMillis(double millis) {
        return Math.log(millis + TIME_OFFSET_MILLIS);
    }

    private static double clamp(double probability, double floor) {
        return Math.max(floor, Math.min(1 - floor, probability));
    }

    private static double logit(double probability) {
        return Math.log(probability / (1 - probability));
    }

    private static double inverseLogit(double value) {
        return 1 / (1 + Math.exp(-value));
    }
}
