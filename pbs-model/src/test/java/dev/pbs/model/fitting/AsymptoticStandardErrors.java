package dev.pbs.model.fitting;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.function.Function;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * The sampling noise of fits to n observations, from asymptotic theory, to derive test tolerances.
 *
 * <p>Empirical quantiles are asymptotically normal with covariance
 * {@code (min(p_i, p_j) - p_i p_j) Q'(p_i) Q'(p_j) / n}, {@code Q' = dQ/dp = 1/density} (Bahadur);
 * by the delta method their logarithms L have
 * {@code Sigma_ij = (min(p_i, p_j) - p_i p_j) Q'(p_i) Q'(p_j) / (n Q(p_i) Q(p_j))}.
 *
 * <p>A fit minimises {@code |L(theta) - Lhat|^2}. Linearising around the true theta with
 * {@code J = dL/dtheta}: {@code theta_hat - theta ~= A (Lhat - L)}, {@code A = (J^T J)^-1 J^T},
 * so {@code Cov(theta_hat) ~= A Sigma A^T} (the sandwich covariance) and the standard errors are
 * the square roots of its diagonal.
 *
 * <p>The true distribution's squared RMSE against the sample, {@code S = |Lhat - L|^2 / m}, is a
 * weighted sum of chi-squares with mean {@code tr(Sigma) / m} and variance
 * {@code 2 tr(Sigma^2) / m^2}.
 */
final class AsymptoticStandardErrors {

    private static final double[] PROBABILITIES = MeasuredQuantiles.probabilities();

    private AsymptoticStandardErrors() {}

    /**
     * @param family the distribution with given natural parameters
     * @param truth the true natural parameters
     * @param observations n
     * @return the standard error of each parameter's estimate
     */
    static double[] of(Function<double[], LatencyDistribution> family, double[] truth, long observations) {
        int m = PROBABILITIES.length;
        int k = truth.length;
        double[][] jacobian = new double[m][k];
        for (int parameter = 0; parameter < k; parameter++) {
            double step = 1e-6 * Math.abs(truth[parameter]);
            double[] above = truth.clone();
            double[] below = truth.clone();
            above[parameter] += step;
            below[parameter] -= step;
            double[] logAbove = MeasuredQuantiles.logarithms(MeasuredQuantiles.quantilesOf(family.apply(above)));
            double[] logBelow = MeasuredQuantiles.logarithms(MeasuredQuantiles.quantilesOf(family.apply(below)));
            for (int i = 0; i < m; i++) {
                jacobian[i][parameter] = (logAbove[i] - logBelow[i]) / (2 * step);
            }
        }
        RealMatrix j = MatrixUtils.createRealMatrix(jacobian);
        RealMatrix a = new LUDecomposition(j.transpose().multiply(j))
                .getSolver()
                .getInverse()
                .multiply(j.transpose());
        RealMatrix covariance = a.multiply(logQuantileCovariance(family.apply(truth), observations))
                .multiply(a.transpose());
        double[] standardErrors = new double[k];
        for (int parameter = 0; parameter < k; parameter++) {
            standardErrors[parameter] = Math.sqrt(covariance.getEntry(parameter, parameter));
        }
        return standardErrors;
    }

    /**
     * An upper bound on the NRMSE of the true distribution against a sample of n: the square root
     * of the mean plus {@code deviations} standard deviations of S, over the log-range.
     */
    static double noiseBound(LatencyDistribution truth, long observations, double deviations) {
        RealMatrix sigma = logQuantileCovariance(truth, observations);
        int m = PROBABILITIES.length;
        double mean = sigma.getTrace() / m;
        double standardDeviation = Math.sqrt(2 * sigma.multiply(sigma).getTrace()) / m;
        double[] quantiles = MeasuredQuantiles.quantilesOf(truth);
        double logRange = Math.log(quantiles[m - 1]) - Math.log(quantiles[0]);
        return Math.sqrt(mean + deviations * standardDeviation) / logRange;
    }

    /** Sigma: the asymptotic covariance of the sample's log-quantiles. */
    private static RealMatrix logQuantileCovariance(LatencyDistribution distribution, long observations) {
        int m = PROBABILITIES.length;
        double[] quantiles = MeasuredQuantiles.quantilesOf(distribution);
        double[] relativeSlopes = new double[m];
        double delta = 1e-5;
        for (int i = 0; i < m; i++) {
            double p = PROBABILITIES[i];
            double slope = (distribution.inverseSurvivalProbability(1 - (p + delta))
                            - distribution.inverseSurvivalProbability(1 - (p - delta)))
                    / (2 * delta);
            relativeSlopes[i] = slope / quantiles[i];
        }
        double[][] covariance = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double pi = PROBABILITIES[i];
                double pj = PROBABILITIES[j];
                covariance[i][j] = (Math.min(pi, pj) - pi * pj) * relativeSlopes[i] * relativeSlopes[j] / observations;
            }
        }
        return MatrixUtils.createRealMatrix(covariance);
    }
}
