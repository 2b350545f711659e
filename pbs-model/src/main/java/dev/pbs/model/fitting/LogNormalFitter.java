package dev.pbs.model.fitting;

import dev.pbs.model.distribution.LogNormal;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Fits LogNormal(mu, sigma) by least squares on the log-quantiles. They are
 * {@code ln F^-1(p_i) = mu + sigma z_i} with {@code z_i = Phi^-1(p_i)}: linear in (mu, sigma), so
 * the Jacobian {@code (1, z_i)} is exact and Levenberg-Marquardt lands on the regression of
 * {@code ln Q(p_i)} on {@code z_i} in a step or two.
 *
 * <p>Start: {@code mu = ln Q(0.5)} and {@code sigma = (ln Q(0.84) - ln Q(0.16)) / (z(0.84) - z(0.16))},
 * the values that match the measured median and central 68%.
 */
final class LogNormalFitter {

    private static final int MEDIAN = 49;
    private static final int UPPER_ONE_SIGMA = 83;
    private static final int LOWER_ONE_SIGMA = 15;
    private static final double[] STANDARD_NORMAL_QUANTILES = standardNormalQuantiles();

    private LogNormalFitter() {}

    static CandidateFit fit(MeasuredQuantiles measured, int maxEvaluations) {
        Model model = new Model();
        double[] start = startingPoint(measured.logQuantiles());
        try {
            double[] parameters = QuantileLeastSquares.minimise(measured, model, start, maxEvaluations);
            LogNormal fitted = model.distribution(parameters);
            return CandidateFit.converged(FittedForm.LOGNORMAL, fitted, measured.normalisedRootMeanSquareError(fitted));
        } catch (IllegalStateException | IllegalArgumentException notConverged) {
            return CandidateFit.failed(
                    FittedForm.LOGNORMAL,
                    "the lognormal least-squares fit did not converge (" + notConverged.getMessage() + ")");
        }
    }

    /** (mu, sigma) matching the measured median and central 68%. */
    static double[] startingPoint(double[] logQuantiles) {
        double sigma = (logQuantiles[UPPER_ONE_SIGMA] - logQuantiles[LOWER_ONE_SIGMA])
                / (STANDARD_NORMAL_QUANTILES[UPPER_ONE_SIGMA] - STANDARD_NORMAL_QUANTILES[LOWER_ONE_SIGMA]);
        return new double[] {logQuantiles[MEDIAN], sigma > 0 && Double.isFinite(sigma) ? sigma : 1.0};
    }

    private static double[] standardNormalQuantiles() {
        NormalDistribution standard = NormalDistribution.of(0, 1);
        double[] probabilities = MeasuredQuantiles.probabilities();
        double[] quantiles = new double[probabilities.length];
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = standard.inverseCumulativeProbability(probabilities[i]);
        }
        return quantiles;
    }

    /** Parameters (mu, sigma): mu in [-50, 50] (ln of milliseconds), sigma in [0.001, 10]. */
    static final class Model implements QuantileModel {

        private static final double[] LOWER = {-50, 1e-3};
        private static final double[] UPPER = {50, 10};

        LogNormal distribution(double[] parameters) {
            return LogNormal.of(parameters[0], parameters[1]);
        }

        @Override
        public double[] logQuantiles(double[] parameters) {
            double[] logQuantiles = new double[STANDARD_NORMAL_QUANTILES.length];
            for (int i = 0; i < logQuantiles.length; i++) {
                logQuantiles[i] = parameters[0] + parameters[1] * STANDARD_NORMAL_QUANTILES[i];
            }
            return logQuantiles;
        }

        @Override
        public double[][] jacobian(double[] parameters, double[] logQuantiles) {
            double[][] derivatives = new double[logQuantiles.length][2];
            for (int i = 0; i < logQuantiles.length; i++) {
                derivatives[i][0] = 1;
                derivatives[i][1] = STANDARD_NORMAL_QUANTILES[i];
            }
            return derivatives;
        }

        @Override
        public double[] lowerBounds() {
            return LOWER.clone();
        }

        @Override
        public double[] upperBounds() {
            return UPPER.clone();
        }
    }
}
