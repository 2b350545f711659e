package dev.pbs.model.fitting;

import dev.pbs.model.distribution.LatencyDistribution;

/**
 * Fits a measured distribution with the paper's Pareto-exponential mixture and with a lognormal,
 * each by least squares on the quantiles of {@link MeasuredQuantiles} (so each fit minimises its
 * NRMSE), and keeps both so the better can be chosen and both reported.
 */
public final class DistributionFitter {

    /** Evaluations allowed to each Levenberg-Marquardt run. */
    public static final int DEFAULT_MAX_EVALUATIONS = 500;

    private final int mixtureEvaluations;
    private final int logNormalEvaluations;

    /** A fitter with {@value #DEFAULT_MAX_EVALUATIONS} evaluations per optimiser run. */
    public DistributionFitter() {
        this(DEFAULT_MAX_EVALUATIONS, DEFAULT_MAX_EVALUATIONS);
    }

    /**
     * @param mixtureEvaluations evaluations allowed to each Pareto-exponential optimiser run, {@code >= 1}
     * @param logNormalEvaluations evaluations allowed to the lognormal optimiser run, {@code >= 1}
     */
    public DistributionFitter(int mixtureEvaluations, int logNormalEvaluations) {
        if (mixtureEvaluations < 1 || logNormalEvaluations < 1) {
            throw new IllegalArgumentException(
                    "evaluations must be >= 1, were " + mixtureEvaluations + " and " + logNormalEvaluations);
        }
        this.mixtureEvaluations = mixtureEvaluations;
        this.logNormalEvaluations = logNormalEvaluations;
    }

    /**
     * Fits both families.
     *
     * @throws IllegalArgumentException when the measured Q(0.01) and Q(0.999) coincide (nothing to
     *     fit a shape to)
     */
    public DistributionFit fit(LatencyDistribution measured) {
        MeasuredQuantiles quantiles = MeasuredQuantiles.of(measured);
        return new DistributionFit(
                ParetoExponentialFitter.fit(quantiles, mixtureEvaluations),
                LogNormalFitter.fit(quantiles, logNormalEvaluations));
    }
}
