package dev.pbs.model.fitting;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Objects;

/**
 * A measured distribution seen through its quantiles at the fixed probabilities of every fit, and
 * the normalised root-mean-square error (NRMSE) of a candidate distribution against them.
 *
 * <p>The probabilities are {@code p_i = 0.01, 0.02, ..., 0.99, 0.995, 0.999} (m = 101). With
 * {@code Q} the measured quantile function and {@code F^-1} the candidate's, both in milliseconds:
 * <pre>
 * RMSE  = sqrt( (1/m) sum_i (ln F^-1(p_i) - ln Q(p_i))^2 )     (an RMS relative error)
 * NRMSE = RMSE / (ln Q(0.999) - ln Q(0.01))                    dimensionless; 0 is a perfect fit
 * </pre>
 * So an NRMSE of 1% means the quantiles are off, in the root-mean-square, by 1% of the measured
 * spread from the 1st to the 99.9th percentile, counted in logarithms (e-folds). Why this:
 * <ul>
 * <li>Quantiles, not the CDF: they are milliseconds, the unit of the windows and latencies PBS
 *     predicts. A CDF-based error measures vertical distances in probability, and above the 99th
 *     percentile both CDFs are within 0.01 of 1 whatever the fit, so a tail off by a factor of
 *     two (which moves 99.9% windows as much) would still score almost perfectly.
 * <li>Logarithms, not milliseconds: latency quantiles span decades, and PBS needs the body (the
 *     t-visibility right after commit) as much as the tail (99.9% windows). On absolute
 *     differences the tail's few milliseconds of sampling noise outweigh everything else: for
 *     one sample of 100,000 delays from the paper's Yammer write fit (median 3.7 ms, 99.9th
 *     percentile 1,500 ms) the mixture that minimised absolute quantile errors put its median at
 *     0.6 ms, off by a factor of six, and still scored better than the true distribution (the
 *     example is kept in MeasuredQuantilesTest). In logarithms every percentile counts
 *     by its relative error, and the measure does not depend on the unit.
 * <li>The grid is uniform in probability, plus 0.995 and 0.999 so that the tail behind 99.9%
 *     windows counts. It stops at 0.999: beyond it an empirical quantile rests on fewer than 0.1%
 *     of the observations and is mostly sampling noise.
 * <li>Dividing by the measured log-range makes the error a fraction of the distribution's spread,
 *     comparable across messages and systems, in the spirit of the paper's N-RMSE (Table 3).
 * </ul>
 * The fitters minimise exactly this: least squares on the residuals {@code ln F^-1(p_i) - ln Q(p_i)}.
 */
public final class MeasuredQuantiles {

    private static final double[] PROBABILITIES = gridProbabilities();

    private final LatencyDistribution measured;
    private final double[] logQuantiles;
    private final double logRange;

    private MeasuredQuantiles(LatencyDistribution measured) {
        this.measured = Objects.requireNonNull(measured, "measured distribution");
        double[] quantiles = quantilesOf(measured);
        double lowest = quantiles[0];
        double highest = quantiles[quantiles.length - 1];
        if (!(lowest > 0) || !(highest > lowest) || Double.isInfinite(highest)) {
            throw new IllegalArgumentException("the measured quantiles must have 0 < Q(0.01) < Q(0.999) < infinity, "
                    + "were Q(0.01) = " + lowest + " ms and Q(0.999) = " + highest + " ms");
        }
        this.logQuantiles = logarithms(quantiles);
        this.logRange = Math.log(highest) - Math.log(lowest);
    }

    /**
     * @throws IllegalArgumentException unless {@code 0 < Q(0.01) < Q(0.999) < infinity}: nothing
     *     to fit a shape to
     */
    public static MeasuredQuantiles of(LatencyDistribution measured) {
        return new MeasuredQuantiles(measured);
    }

    /** The probabilities p_i: 0.01, 0.02, ..., 0.99, 0.995, 0.999. */
    public static double[] probabilities() {
        return PROBABILITIES.clone();
    }

    /** A distribution's quantiles at the probabilities p_i, milliseconds. */
    public static double[] quantilesOf(LatencyDistribution distribution) {
        double[] quantiles = new double[PROBABILITIES.length];
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = distribution.inverseSurvivalProbability(1 - PROBABILITIES[i]);
        }
        return quantiles;
    }

    /** Natural logarithms, element by element. */
    static double[] logarithms(double[] values) {
        double[] logarithms = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            logarithms[i] = Math.log(values[i]);
        }
        return logarithms;
    }

    public LatencyDistribution measured() {
        return measured;
    }

    /** The measured quantiles Q(p_i), milliseconds. */
    public double[] quantilesMillis() {
        double[] quantiles = new double[logQuantiles.length];
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = Math.exp(logQuantiles[i]);
        }
        return quantiles;
    }

    /** ln Q(p_i), Q in milliseconds. */
    public double[] logQuantiles() {
        return logQuantiles.clone();
    }

    /** ln Q(0.999) - ln Q(0.01): the NRMSE's denominator. */
    public double logRange() {
        return logRange;
    }

    /** The NRMSE of a candidate distribution against the measured one; infinite if a quantile is 0 or infinite. */
    public double normalisedRootMeanSquareError(LatencyDistribution candidate) {
        return normalisedRootMeanSquareError(logarithms(quantilesOf(candidate)));
    }

    /** The NRMSE of a candidate given by ln of its quantiles at the probabilities p_i. */
    public double normalisedRootMeanSquareError(double[] candidateLogQuantiles) {
        if (candidateLogQuantiles.length != logQuantiles.length) {
            throw new IllegalArgumentException(
                    "a candidate needs " + logQuantiles.length + " quantiles, was " + candidateLogQuantiles.length);
        }
        double sumOfSquares = 0;
        for (int i = 0; i < logQuantiles.length; i++) {
            double residual = candidateLogQuantiles[i] - logQuantiles[i];
            sumOfSquares += residual * residual;
        }
        double error = Math.sqrt(sumOfSquares / logQuantiles.length) / logRange;
        return Double.isNaN(error) ? Double.POSITIVE_INFINITY : error;
    }

    private static double[] gridProbabilities() {
        double[] probabilities = new double[101];
        for (int i = 0; i < 99; i++) {
            probabilities[i] = (i + 1) / 100.0;
        }
        probabilities[99] = 0.995;
        probabilities[100] = 0.999;
        return probabilities;
    }
}
