package dev.pbs.cassandra.probe;

import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

/**
 * One step of {@link TracingDilation}'s fixed-point iteration: the multiplier c, and the exponent b
 * or the shift d, that bring the quantiles of H + c M (X / M)^b, or of H + c X - d (H the client's
 * round trip, X the model's coordinator part, M its median; each as a grid of quantiles, ms,
 * coupled as a {@link CoupledSum} says), closest to an untraced operation's, in the least squares of their logarithms.
 */
final class CorrectionStep {

    private static final int SCAN_POINTS = 41;
    /** The most evaluations of one step's search. */
    private static final int STEP_EVALUATIONS = 400;
    /** The weight of (exponent - 1)^2 beside the squared log errors of a step's search. */
    private static final double EXPONENT_PULL = 1e-6;
    /**
     * An exponent is kept when the squared log errors with it are below this fraction of the
     * multiplier's alone, less {@link #MATERIAL_ERROR} (a 1% error at one percentile squared).
     */
    private static final double MATERIAL_IMPROVEMENT = 0.9;

    private static final double MATERIAL_ERROR = 1e-4;

    private CorrectionStep() {}

    /**
     * The multiplier c in [1 / {@link TracingDilation#LARGEST_FACTOR}, LARGEST_FACTOR] at which the quantiles of H + c X
     * come closest to {@code targets} (at {@link TracingDilation#CALIBRATION_PERCENTILES}): the least sum of
     * squared differences of their logarithms. A scan of {@link #SCAN_POINTS} multipliers evenly
     * spaced in ln c, then a golden-section search between the best one's neighbours.
     */
    static double multiplier(CoupledSum roundTrip, double[] parts, double[] targets) {
        double lowest = -Math.log(TracingDilation.LARGEST_FACTOR);
        double step = 2 * Math.log(TracingDilation.LARGEST_FACTOR) / (SCAN_POINTS - 1);
        int best = 0;
        double bestError = Double.POSITIVE_INFINITY;
        for (int point = 0; point < SCAN_POINTS; point++) {
            double error = logError(roundTrip, parts, Math.exp(lowest + point * step), targets);
            if (error < bestError) {
                bestError = error;
                best = point;
            }
        }
        double low = lowest + Math.max(0, best - 1) * step;
        double high = lowest + Math.min(SCAN_POINTS - 1, best + 1) * step;
        double ratio = (Math.sqrt(5) - 1) / 2;
        for (int iteration = 0; iteration < 40; iteration++) {
            double left = high - ratio * (high - low);
            double right = low + ratio * (high - low);
            if (logError(roundTrip, parts, Math.exp(left), targets)
                    <= logError(roundTrip, parts, Math.exp(right), targets)) {
                high = right;
            } else {
                low = left;
            }
        }
        double found = Math.exp((low + high) / 2);
        // The ends of the range stay exact, so that a clamped factor reads as clamped.
        if (best == 0
                && logError(roundTrip, parts, 1 / TracingDilation.LARGEST_FACTOR, targets)
                        <= logError(roundTrip, parts, found, targets)) {
            return 1 / TracingDilation.LARGEST_FACTOR;
        }
        if (best == SCAN_POINTS - 1
                && logError(roundTrip, parts, TracingDilation.LARGEST_FACTOR, targets)
                        <= logError(roundTrip, parts, found, targets)) {
            return TracingDilation.LARGEST_FACTOR;
        }
        return found;
    }

    /**
     * The step {multiplier c, exponent b} at which the quantiles of H + c M (X / M)^b, M the median
     * of X, come closest to {@code targets} (the least squares of their logarithms, as in {@link
     * #multiplier}): from b = 1 and the best c there, a Nelder-Mead search over (ln c, b), c within
     * [1 / TracingDilation.LARGEST_FACTOR, TracingDilation.LARGEST_FACTOR] and b within the exponents a {@link PathCorrection}
     * allows. Just {c, 1} when X's median is 0.
     */
    static double[] find(CoupledSum roundTrip, double[] parts, double[] targets) {
        return find(roundTrip, parts, targets, STEP_EVALUATIONS);
    }

    /**
     * How far a shifting step may go, so that the path's whole correction stays a shortening by at
     * most tracing's plausible cost: its scale at most 1 and its shift within [-cap, cap].
     *
     * @param largestMultiplier the step's multiplier at most: 1 over the path's current scale
     * @param currentShift the path's current shift, ms
     * @param delays how many delays of the path the part adds up (the step's shift is spread over them)
     * @param cap the largest shift of the path either way, ms: the median of its traced delays
     */
    record ShiftBounds(double largestMultiplier, double currentShift, int delays, double cap) {

        /** The least and the greatest shift of the part a step with multiplier c may take, ms. */
        double[] range(double multiplier) {
            return new double[] {delays * (-cap - multiplier * currentShift), delays * (cap - multiplier * currentShift)
            };
        }
    }

    /**
     * The step {multiplier c, exponent b, shift d, ms} that fits best among: c alone; c and b
     * ({@link #find(double[], double[], double[], int)}), when {@code exponentAllowed}; c and d,
     * the quantiles of H + max(X / {@link TracingDilation#LARGEST_FACTOR}, c X - d) by a Nelder-Mead
     * search over (ln c, d) within {@code shift}'s bounds, when it is given. A two-parameter step
     * is kept only where it fits materially better than c alone, and b is 1 or d is 0.
     *
     * @param shift the bounds of a shifting step; null when the path may not shift
     */
    static double[] find(
            CoupledSum roundTrip, double[] parts, double[] targets, boolean exponentAllowed, ShiftBounds shift) {
        double start = multiplier(roundTrip, parts, targets);
        double[] best = {start, 1, 0};
        double bestError = logError(roundTrip, parts, start, targets);
        if (shift != null) {
            // The multiplier alone within the bounds too, so that a shifting path's scale and shift
            // never grow past them by steps that only multiply.
            double[] alone = bounded(new double[] {Math.log(start), 0}, shift);
            best = new double[] {alone[0], 1, alone[1]};
            bestError = logError(roundTrip, shiftedParts(parts, alone[0], alone[1]), 1, targets);
        }
        double threshold = MATERIAL_IMPROVEMENT * bestError - MATERIAL_ERROR;
        boolean multiplierAlone = true;
        if (exponentAllowed) {
            double[] powered = bent(roundTrip, parts, targets, start, STEP_EVALUATIONS);
            double error =
                    logError(roundTrip, reshaped(parts, powered[1], parts[parts.length / 2]), powered[0], targets);
            if (powered[1] != 1 && error < threshold) {
                multiplierAlone = false;
                best = new double[] {powered[0], powered[1], 0};
                bestError = error;
            }
        }
        if (shift != null && parts[parts.length / 2] > 0) {
            double[] shifted = shiftStep(roundTrip, parts, targets, Math.min(start, shift.largestMultiplier()), shift);
            double error = logError(roundTrip, shiftedParts(parts, shifted[0], shifted[1]), 1, targets);
            if (error < bestError && (!multiplierAlone || error < threshold)) {
                best = new double[] {shifted[0], 1, shifted[1]};
            }
        }
        return best;
    }

    /** {multiplier c, shift d}: the least log error of H + max(X / LARGEST_FACTOR, c X - d), from (start, 0). */
    private static double[] shiftStep(
            CoupledSum roundTrip, double[] parts, double[] targets, double start, ShiftBounds bounds) {
        double median = parts[parts.length / 2];
        MultivariateFunction error = point -> {
            double[] step = bounded(point, bounds);
            return logError(roundTrip, shiftedParts(parts, step[0], step[1]), 1, targets);
        };
        PointValuePair best =
                minimum(error, new double[] {Math.log(start), 0}, new double[] {0.2, 0.2 * median}, STEP_EVALUATIONS);
        return bounded(best.getPoint(), bounds);
    }

    /**
     * The least {@code error} a Nelder-Mead search from {@code start}, with initial steps {@code
     * steps}, finds within {@code evaluations}; when it runs out of them, the best point it evaluated.
     */
    private static PointValuePair minimum(MultivariateFunction error, double[] start, double[] steps, int evaluations) {
        BestPoint seen = new BestPoint();
        MultivariateFunction recorded = point -> {
            double value = error.value(point);
            seen.offer(point, value);
            return value;
        };
        try {
            return new SimplexOptimizer(1e-10, 1e-12)
                    .optimize(
                            new MaxEval(evaluations),
                            new ObjectiveFunction(recorded),
                            GoalType.MINIMIZE,
                            new InitialGuess(start),
                            new NelderMeadSimplex(steps));
        } catch (TooManyEvaluationsException exhausted) {
            return seen.best();
        }
    }

    /** A search point (ln c, d) brought within the bounds: c within [1 / LARGEST_FACTOR, largest], then d. */
    private static double[] bounded(double[] point, ShiftBounds bounds) {
        double multiplier = Math.min(Math.exp(boundedLogMultiplier(point[0])), bounds.largestMultiplier());
        double[] range = bounds.range(multiplier);
        return new double[] {multiplier, Math.max(range[0], Math.min(range[1], point[1]))};
    }

    /** max(x / LARGEST_FACTOR, c x - d) for every x of {@code parts}. */
    static double[] shiftedParts(double[] parts, double multiplier, double shift) {
        double[] result = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            result[i] = Math.max(parts[i] / TracingDilation.LARGEST_FACTOR, multiplier * parts[i] - shift);
        }
        return result;
    }

    /**
     * {@link #find(double[], double[], double[])} with at most {@code evaluations} of the search's
     * error. A search that runs out of them (a simplex crawling over the flat ground where both
     * parameters sit at their bounds: a CI run met one) keeps the best point it evaluated.
     */
    static double[] find(CoupledSum roundTrip, double[] parts, double[] targets, int evaluations) {
        return bent(roundTrip, parts, targets, multiplier(roundTrip, parts, targets), evaluations);
    }

    /** {@link #find(double[], double[], double[], int)} from {@code start}, the best multiplier alone. */
    private static double[] bent(
            CoupledSum roundTrip, double[] parts, double[] targets, double start, int evaluations) {
        double median = parts[parts.length / 2];
        if (!(median > 0)) {
            return new double[] {start, 1};
        }
        MultivariateFunction error = point -> {
            double multiplier = Math.exp(boundedLogMultiplier(point[0]));
            double exponent = boundedExponent(point[1]);
            // A slight pull towards 1 keeps the exponent where X has no spread to fit it by.
            return logError(roundTrip, reshaped(parts, exponent, median), multiplier, targets)
                    + EXPONENT_PULL * (exponent - 1) * (exponent - 1);
        };
        PointValuePair best = minimum(error, new double[] {Math.log(start), 1}, new double[] {0.2, 0.1}, evaluations);
        double[] found = {Math.exp(boundedLogMultiplier(best.getPoint()[0])), boundedExponent(best.getPoint()[1])};
        // The exponent only where it fits materially better than the multiplier alone: where X has
        // no spread, any exponent fits as well, and the exponent would wander.
        double alone = logError(roundTrip, parts, start, targets);
        return best.getValue() < MATERIAL_IMPROVEMENT * alone - MATERIAL_ERROR ? found : new double[] {start, 1};
    }

    /** The point of least error a search has evaluated so far. */
    private static final class BestPoint {
        private double[] point;
        private double value = Double.POSITIVE_INFINITY;

        void offer(double[] candidate, double candidateValue) {
            if (candidateValue < value) {
                value = candidateValue;
                point = candidate.clone();
            }
        }

        PointValuePair best() {
            return new PointValuePair(point, value);
        }
    }

    private static double boundedLogMultiplier(double logMultiplier) {
        double largest = Math.log(TracingDilation.LARGEST_FACTOR);
        return Math.max(-largest, Math.min(largest, logMultiplier));
    }

    private static double boundedExponent(double exponent) {
        return Math.max(PathCorrection.LOWEST_EXPONENT, Math.min(PathCorrection.HIGHEST_EXPONENT, exponent));
    }

    /** M (x / M)^b for every x of {@code parts}, M = {@code median}. */
    static double[] reshaped(double[] parts, double exponent, double median) {
        if (exponent == 1) {
            return parts;
        }
        double[] result = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            result[i] = parts[i] <= 0 ? 0 : median * Math.pow(parts[i] / median, exponent);
        }
        return result;
    }

    /** Sum over the calibration percentiles of (ln quantile of H + c X - ln target)^2. */
    static double logError(CoupledSum roundTrip, double[] parts, double multiplier, double[] targets) {
        return logError(quantilesOfSum(roundTrip, parts, multiplier), targets);
    }

    /** Sum over the calibration percentiles of (ln predicted - ln target)^2, the predictions given. */
    static double logError(double[] sums, double[] targets) {
        double error = 0;
        for (int k = 0; k < targets.length; k++) {
            double difference = Math.log(Math.max(sums[k], 1e-6)) - Math.log(Math.max(targets[k], 1e-6));
            error += difference * difference;
        }
        return error;
    }

    /**
     * The quantiles of H + c X at {@link TracingDilation#CALIBRATION_PERCENTILES}, over the quantile grids of H
     * and X as {@code roundTrip} couples them: the sums of its pairs, sorted, read at each percentile
     * (the lower of the two middle values' mean for the median of an even count).
     */
    static double[] quantilesOfSum(CoupledSum roundTrip, double[] parts, double multiplier) {
        double[] sums = roundTrip.sortedSums(parts, multiplier);
        double[] quantiles = new double[TracingDilation.CALIBRATION_PERCENTILES.length];
        for (int k = 0; k < quantiles.length; k++) {
            double position = TracingDilation.CALIBRATION_PERCENTILES[k] / 100 * (sums.length - 1);
            int below = (int) Math.floor(position);
            int above = Math.min(sums.length - 1, below + 1);
            quantiles[k] = sums[below] + (position - below) * (sums[above] - sums[below]);
        }
        return quantiles;
    }
}
