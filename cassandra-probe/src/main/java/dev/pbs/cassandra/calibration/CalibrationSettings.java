package dev.pbs.cassandra.calibration;

/**
 * Every constant of the probe's calibration ({@link Calibration}), with the reason for each.
 *
 * @param percentiles the percentiles of an untraced operation's client latency that the model must
 *     reproduce: the body and the tail an operator asks about (p50 to p99); p99.9 is left out
 *     because a probe of a minute holds too few operations to place it
 * @param minimumSamples untraced operations of a kind needed before they calibrate anything: with
 *     40, the standard error of their median is about a sixth of their interquartile range
 * @param rounds the most rounds of the fixed-point iteration; each round runs the engine twice
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
        double[] percentiles,
        int minimumSamples,
        int rounds,
        double settledFraction,
        double smallestFraction,
        long trials,
        long seed) {

    /** The settings every caller uses. */
    public static final CalibrationSettings DEFAULT =
            new CalibrationSettings(new double[] {50, 75, 90, 95, 99}, 40, 8, 0.01, 0.02, 100_000, 42);

    public CalibrationSettings {
        percentiles = percentiles.clone();
        if (percentiles.length == 0) {
            throw new IllegalArgumentException("at least one percentile is needed");
        }
        for (double percentile : percentiles) {
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

    @Override
    public double[] percentiles() {
        return percentiles.clone();
    }
}
