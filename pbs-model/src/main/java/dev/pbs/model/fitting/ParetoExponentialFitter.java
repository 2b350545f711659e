package dev.pbs.model.fitting;

import dev.pbs.model.distribution.Mixture;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Fits the paper's form, Pareto(xm, alpha) with probability {@code 1 - p} and Exponential(lambda)
 * with probability p, by least squares on the log-quantiles over the unconstrained parameters
 * {@code (ln xm, ln alpha, logit p, ln lambda)}; the quantiles are the mixture's own (found by
 * root finding), the Jacobian central differences.
 *
 * <p>The objective has several local minima (either component may carry the body or the tail), so
 * the optimiser does not start from one guess: a grid of starting points built from the measured
 * quantiles is screened by NRMSE (one evaluation each) and the best {@value #REFINED_STARTS} are
 * refined; the best refined fit wins. The grid (up to 4 x 7 x 3 x 3 = 252 points): xm at the
 * measured Q(0.01), Q(0.05), Q(0.2) or Q(0.5) (below xm only the exponential contributes); p in
 * {0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.98}; alpha from the tail, {@code ln 10 / ln(Q(0.999) / Q(0.99))}
 * (exact when the Pareto alone makes the tail), or 1.5, or 5; and lambda as 1/mean,
 * {@code ln 10 / (Q(0.999) - Q(0.99))} (exact when the exponential alone makes the tail), or
 * {@code ln 2 / Q(0.5)}.
 */
final class ParetoExponentialFitter {

    static final int REFINED_STARTS = 5;

    private static final int[] SCALE_QUANTILES = {0, 4, 19, 49};
    private static final double[] EXPONENTIAL_WEIGHTS = {0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.98};
    private static final int MEDIAN = 49;
    private static final int PERCENTILE_99 = 98;
    private static final int PERCENTILE_99_9 = 100;

    private ParetoExponentialFitter() {}

    static CandidateFit fit(MeasuredQuantiles measured, int maxEvaluations) {
        double[] quantiles = measured.quantilesMillis();
        Model model = new Model(quantiles[0], quantiles[PERCENTILE_99_9]);
        List<double[]> starts = startingPoints(quantiles, measured.measured().meanMillis());
        List<Screened> screened = new ArrayList<>();
        for (double[] start : starts) {
            double[] clamped = model.clamp(start);
            screened.add(new Screened(clamped, measured.normalisedRootMeanSquareError(model.logQuantiles(clamped))));
        }
        screened.sort(Comparator.comparingDouble(Screened::normalisedError));
        Mixture best = null;
        double bestError = Double.POSITIVE_INFINITY;
        String lastProblem = "";
        for (int s = 0; s < Math.min(REFINED_STARTS, screened.size()); s++) {
            try {
                double[] parameters = QuantileLeastSquares.minimise(
                        measured, model, screened.get(s).parameters(), maxEvaluations);
                Mixture fitted = model.distribution(parameters);
                double error = measured.normalisedRootMeanSquareError(fitted);
                if (error < bestError) {
                    best = fitted;
                    bestError = error;
                }
            } catch (IllegalStateException | IllegalArgumentException notConverged) {
                lastProblem = String.valueOf(notConverged.getMessage());
            }
        }
        if (best == null) {
            return CandidateFit.failed(
                    FittedForm.PARETO_EXPONENTIAL,
                    "the Pareto-exponential least-squares fit did "
                            + "not converge from any of the best " + REFINED_STARTS + " of " + starts.size()
                            + " starting points (" + lastProblem + ")");
        }
        return CandidateFit.converged(FittedForm.PARETO_EXPONENTIAL, best, bestError);
    }

    /** The grid of starting points, as (ln xm, ln alpha, logit p, ln lambda). */
    static List<double[]> startingPoints(double[] quantiles, double meanMillis) {
        double top = quantiles[PERCENTILE_99_9];
        double tailRatio = top / quantiles[PERCENTILE_99];
        double tailShape = tailRatio > 1 ? Math.log(10) / Math.log(tailRatio) : 5;
        double[] shapes = {Math.max(0.2, Math.min(100, tailShape)), 1.5, 5};
        List<Double> rates = new ArrayList<>();
        if (meanMillis > 0 && Double.isFinite(meanMillis)) {
            rates.add(1 / meanMillis);
        }
        if (top > quantiles[PERCENTILE_99]) {
            rates.add(Math.log(10) / (top - quantiles[PERCENTILE_99]));
        }
        if (quantiles[MEDIAN] > 0) {
            rates.add(Math.log(2) / quantiles[MEDIAN]);
        }
        if (rates.isEmpty()) {
            rates.add(1 / top);
        }
        List<double[]> starts = new ArrayList<>();
        for (int scaleIndex : SCALE_QUANTILES) {
            double scale = quantiles[scaleIndex];
            for (double weight : EXPONENTIAL_WEIGHTS) {
                for (double shape : shapes) {
                    for (double rate : rates) {
                        starts.add(new double[] {
                            Math.log(scale), Math.log(shape), Math.log(weight / (1 - weight)), Math.log(rate)
                        });
                    }
                }
            }
        }
        return starts;
    }

    private record Screened(double[] parameters, double normalisedError) {}

    /**
     * Parameters (ln xm, ln alpha, logit p, ln lambda) with B, T = the measured Q(0.01), Q(0.999):
     * xm in [1e-3 B, T], alpha in [0.1, 200], p in [3e-7, 1 - 3e-7], 1/lambda in [1e-3 B, 1e3 T].
     */
    static final class Model implements QuantileModel {

        private static final double LARGEST_LOGIT = 15;

        private final double[] lower;
        private final double[] upper;

        Model(double bottomQuantileMillis, double topQuantileMillis) {
            double bottom = Math.log(bottomQuantileMillis);
            double top = Math.log(topQuantileMillis);
            double threeDecades = Math.log(1e3);
            lower = new double[] {bottom - threeDecades, Math.log(0.1), -LARGEST_LOGIT, -top - threeDecades};
            upper = new double[] {top, Math.log(200), LARGEST_LOGIT, -bottom + threeDecades};
        }

        Mixture distribution(double[] parameters) {
            double exponentialWeight = 1 / (1 + Math.exp(-parameters[2]));
            double paretoWeight = 1 / (1 + Math.exp(parameters[2]));
            return Mixture.paretoExponential(
                    paretoWeight,
                    Math.exp(parameters[0]),
                    Math.exp(parameters[1]),
                    exponentialWeight,
                    Math.exp(parameters[3]));
        }

        @Override
        public double[] logQuantiles(double[] parameters) {
            return MeasuredQuantiles.logarithms(MeasuredQuantiles.quantilesOf(distribution(parameters)));
        }

        @Override
        public double[] lowerBounds() {
            return lower.clone();
        }

        @Override
        public double[] upperBounds() {
            return upper.clone();
        }
    }
}
