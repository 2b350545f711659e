package dev.pbs.cassandra.probe;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.Shifted;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;

/**
 * The one-way delay D between two datacenters, estimated from messages that crossed them.
 *
 * <p>A message from a coordinator in datacenter x to a replica in y takes the replica's own delay
 * L (its W or R, as measured from coordinators of y) plus D(x, y), independent of it; so does an
 * answer from y back to x (A or S, plus D(y, x)). D is a shifted exponential {@code c +
 * Exponential(s)} (mean c + s), which holds a constant network delay with jitter (large c, small
 * s) as well as an exponential delay (c = 0); c and s are chosen so that the quantiles of L + D
 * match the crossing messages' quantiles from the 5th to the 95th percentile, in the least-squares
 * sense, over every estimate of the pair (writes and reads, requests and answers), each weighted
 * by its crossing samples. L + D is computed exactly on quantile grids (L's {@value #OWN_LEVELS}
 * quantiles against the exponential's {@value #EXPONENTIAL_LEVELS}); for a given s the best c is
 * the mean quantile difference, clamped at 0, and s is searched on a grid, then refined by Brent's
 * method around the grid's best. Matching
 * quantiles rather than moments keeps the tails, where a loaded machine's pauses sit, from
 * dominating.
 */
final class InterDatacenterDelayFit {

    /** The percentiles compared, 5 to 95 in steps of 5. */
    static final double[] PERCENTILES = percentiles();

    private static final int OWN_LEVELS = 100;
    private static final int EXPONENTIAL_LEVELS = 40;
    private static final int SCALE_STEPS = 120;
    /** Most evaluations of the error in Brent's refinement of the grid's best scale. */
    private static final int REFINEMENT_EVALUATIONS = 200;

    private InterDatacenterDelayFit() {}

    /**
     * One estimate: crossing samples X and the replica's own delays L, both in microseconds.
     *
     * @param crossing the crossing message's delays (X)
     * @param own the same message's delays from coordinators of the replica's datacenter (L)
     */
    record Estimate(Histogram crossing, Histogram own) {

        long samples() {
            return crossing.getTotalCount();
        }
    }

    /**
     * The fitted distribution and what it came from.
     *
     * @param delay D, milliseconds
     * @param shiftMillis c
     * @param scaleMillis s
     * @param errorMillis the root mean square difference of the matched quantiles
     * @param samples crossing samples pooled
     */
    record Fit(LatencyDistribution delay, double shiftMillis, double scaleMillis, double errorMillis, long samples) {

        /** The distribution, with the quantile error and the samples. */
        String describe() {
            return String.format(
                    Locale.ROOT,
                    "%s (quantiles 5 to 95 matched within %.2f ms RMS, %d crossing messages)",
                    delay.describe(),
                    errorMillis,
                    samples);
        }
    }

    /** One estimate on quantile grids, milliseconds. */
    private record Grids(double[] target, double[] own, long weight) {}

    /**
     * Fits the pair's delay from its estimates.
     *
     * @throws IllegalArgumentException when no estimate has both crossing and own samples
     */
    static Fit fit(List<Estimate> estimates, String from, String to) {
        List<Grids> grids = new ArrayList<>();
        long samples = 0;
        double largest = 0;
        for (Estimate estimate : estimates) {
            if (estimate.samples() == 0 || estimate.own().getTotalCount() == 0) {
                continue;
            }
            double[] target = new double[PERCENTILES.length];
            for (int i = 0; i < PERCENTILES.length; i++) {
                target[i] = estimate.crossing().getValueAtPercentile(PERCENTILES[i]) / 1000.0;
            }
            double[] own = new double[OWN_LEVELS];
            for (int k = 0; k < OWN_LEVELS; k++) {
                own[k] = estimate.own().getValueAtPercentile(100.0 * (k + 0.5) / OWN_LEVELS) / 1000.0;
            }
            grids.add(new Grids(target, own, estimate.samples()));
            samples += estimate.samples();
            largest = Math.max(largest, target[target.length - 1]);
        }
        if (grids.isEmpty()) {
            throw new IllegalArgumentException(
                    "no message crossed from datacenter " + from + " to " + to
                            + " with the replica's own delays measured as well: run longer, or raise --rate or --trace-fraction");
        }
        double step = Math.max(largest, 1e-3) / SCALE_STEPS;
        double bestScale = 0;
        double bestError = Double.POSITIVE_INFINITY;
        for (int i = 0; i <= SCALE_STEPS; i++) {
            double error = error(grids, i * step);
            if (error < bestError) {
                bestError = error;
                bestScale = i * step;
            }
        }
        double refined = new BrentOptimizer(1e-10, 1e-12)
                .optimize(
                        new MaxEval(REFINEMENT_EVALUATIONS),
                        new UnivariateObjectiveFunction(scale -> error(grids, scale)),
                        GoalType.MINIMIZE,
                        new SearchInterval(Math.max(0, bestScale - step), bestScale + step, bestScale))
                .getPoint();
        if (error(grids, refined) < bestError) {
            bestScale = refined;
            bestError = error(grids, refined);
        }
        double shift = shift(grids, bestScale);
        return new Fit(distribution(shift, bestScale), shift, bestScale, Math.sqrt(bestError), samples);
    }

    /** c + Exponential(s), or the constant c when s is 0; milliseconds. */
    static LatencyDistribution distribution(double shiftMillis, double scaleMillis) {
        if (!(scaleMillis > 1e-9)) {
            return Constant.of(Math.max(0, shiftMillis));
        }
        Exponential exponential = Exponential.ofMean(scaleMillis);
        return shiftMillis > 0 ? Shifted.of(shiftMillis, exponential) : exponential;
    }

    /** The weighted mean square quantile difference at scale s with its best shift. */
    private static double error(List<Grids> grids, double scale) {
        double shift = shift(grids, scale);
        double sum = 0;
        long weights = 0;
        for (Grids grid : grids) {
            double[] sum0 = sumQuantiles(grid.own(), scale);
            for (int i = 0; i < PERCENTILES.length; i++) {
                double difference = grid.target()[i] - sum0[i] - shift;
                sum += grid.weight() * difference * difference;
            }
            weights += grid.weight() * PERCENTILES.length;
        }
        return sum / weights;
    }

    /** The best shift for scale s: the weighted mean quantile difference, at least 0. */
    private static double shift(List<Grids> grids, double scale) {
        double sum = 0;
        long weights = 0;
        for (Grids grid : grids) {
            double[] sum0 = sumQuantiles(grid.own(), scale);
            for (int i = 0; i < PERCENTILES.length; i++) {
                sum += grid.weight() * (grid.target()[i] - sum0[i]);
            }
            weights += grid.weight() * PERCENTILES.length;
        }
        return Math.max(0, sum / weights);
    }

    /** The {@link #PERCENTILES} of L + Exponential(s), L given by its quantile grid. */
    private static double[] sumQuantiles(double[] own, double scale) {
        double[] sums = new double[own.length * EXPONENTIAL_LEVELS];
        int next = 0;
        for (double value : own) {
            for (int j = 0; j < EXPONENTIAL_LEVELS; j++) {
                double level = (j + 0.5) / EXPONENTIAL_LEVELS;
                sums[next++] = value - scale * Math.log(1 - level);
            }
        }
        Arrays.sort(sums);
        double[] quantiles = new double[PERCENTILES.length];
        for (int i = 0; i < PERCENTILES.length; i++) {
            quantiles[i] = sums[Math.min(sums.length - 1, (int) Math.floor(PERCENTILES[i] / 100 * sums.length))];
        }
        return quantiles;
    }

    private static double[] percentiles() {
        double[] percentiles = new double[19];
        for (int i = 0; i < percentiles.length; i++) {
            percentiles[i] = 5 * (i + 1);
        }
        return percentiles;
    }
}
