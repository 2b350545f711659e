package dev.pbs.cassandra.calibration;

import java.util.List;

/**
 * Every constant of the probe's calibration ({@link Calibration}), with the reason for each.
 *
 * @param bodyPercentiles the percentiles of an untraced operation's client latency whose
 *     geometric mean the constant cost brings to the observed: the body of the distribution
 * @param tailPercentiles those the stretch brings to the observed: the tail an operator asks about
 *     (p95, p99); p99.9 is left out because a probe of a minute holds too few operations to place it
 * @param minimumSamples untraced operations of a kind needed before they calibrate anything: with
 *     40, the standard error of their median is about a sixth of their interquartile range
 * @param rounds the most rounds of the fixed-point iteration; each round runs the engine twice
 * @param largestStretch the most a path's stretch may divide its delays by: where the client's part
 *     alone is longer than an operation's tail, no stretch explains it, and this stops the search
 * @param settledFraction the iteration ends when every path's excess is below this fraction of its
 *     operations' median: well inside the run-to-run spread of a probe's medians (several percent)
 * @param smallestFraction a delay with tracing's cost taken off never falls below this fraction of
 *     its traced length: delays shorter than the cost keep their order and a length, rather than
 *     all collapsing to zero
 * @param trials trials of each engine run predicting the operations' coordinator part: the
 *     quantiles from p50 to p99 then move by well under 1% from one seed to another
 * @param seed the engine's seed for those runs, so that a snapshot always gives the same profile
 */
public record CalibrationSettings(
        List<Double> bodyPercentiles,
        List<Double> tailPercentiles,
        int minimumSamples,
        int rounds,
        double largestStretch,
        double settledFraction,
        double smallestFraction,
        long trials,
        long seed) {

    /** The settings every caller uses. */
    public static final CalibrationSettings DEFAULT = new CalibrationSettings(
            List.of(50.0, 75.0, 90.0), List.of(95.0, 99.0), 40, 12, 10, 0.01, 0.02, 100_000, 42);

    public CalibrationSettings {
        bodyPercentiles = List.copyOf(bodyPercentiles);
        tailPercentiles = List.copyOf(tailPercentiles);
        if (bodyPercentiles.isEmpty() || tailPercentiles.isEmpty()) {
            throw new IllegalArgumentException("at least one body and one tail percentile are needed");
        }
        if (!(largestStretch >= 1)) {
            throw new IllegalArgumentException("the largest stretch must be at least 1, was " + largestStretch);
        }
        for (double percentile : percentileArray(bodyPercentiles, tailPercentiles)) {
            if (!(percentile > 0 && percentile < 100)) {
                throw new IllegalArgumentException("percentiles must be in (0, 100), was " + percentile);
            }
        }
        if (minimumSamples < 1 || rounds < 1 || trials < 1) {
            throw new IllegalArgumentException("minimum samples, rounds and trials must be at least 1");
        }
        if (!(settledFraction > 0) || !(smallestFraction > 0 && smallestFraction < 1)) {
            throw new IllegalArgumentException("the settled fraction must be > 0 and the smallest fraction in (0, 1)");
        }
    }

    /** The body's percentiles, then the tail's, as one array. */
    double[] percentileArray() {
        return percentileArray(bodyPercentiles, tailPercentiles);
    }

    private static double[] percentileArray(List<Double> body, List<Double> tail) {
        double[] values = new double[body.size() + tail.size()];
        for (int k = 0; k < values.length; k++) {
            values[k] = k < body.size() ? body.get(k) : tail.get(k - body.size());
        }
        return values;
    }
}
