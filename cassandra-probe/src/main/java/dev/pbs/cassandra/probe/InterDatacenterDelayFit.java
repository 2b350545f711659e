package dev.pbs.cassandra.probe;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.Shifted;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The one-way delay D between two datacenters, estimated from messages that crossed them.
 *
 * <p>A message from a coordinator in datacenter x to a replica in y takes the replica's own delay
 * L (its W or R, as measured from coordinators of y) plus D(x, y), independent of it; so does an
 * answer from y back to x (A or S, plus D(y, x)). For independent parts the means and the
 * variances add: {@code E[D] = E[X] - E[L]} and {@code Var[D] = Var[X] - Var[L]}, X the crossing
 * message's delay. Every estimate of one ordered pair (writes and reads, requests from x and answers
 * to x) is pooled, weighted by its crossing samples. The two moments then fix a shifted
 * exponential {@code D = c + Exponential(s)} with standard deviation s and mean c + s, which
 * holds both a constant network delay with jitter (large c, small s) and an exponential delay
 * (c = 0); when the spread exceeds the mean, an exponential of the mean ({@code c = 0}) is used,
 * and when no spread remains beyond the replica's own, the constant mean.
 */
final class InterDatacenterDelayFit {

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

        double meanMillis() {
            return (crossing.getMean() - own.getMean()) / 1000;
        }

        double varianceMillisSquared() {
            double crossingSpread = crossing.getStdDeviation() / 1000;
            double ownSpread = own.getStdDeviation() / 1000;
            return crossingSpread * crossingSpread - ownSpread * ownSpread;
        }
    }

    /**
     * The fitted distribution and what it came from.
     *
     * @param delay D, milliseconds
     * @param meanMillis the pooled mean estimate (before clamping at 0)
     * @param deviationMillis the pooled standard deviation estimate (0 when the variance estimate
     *     was not positive)
     * @param samples crossing samples pooled
     */
    record Fit(LatencyDistribution delay, double meanMillis, double deviationMillis, long samples) {

        /** "mean 20.1 ms, deviation 19.7 ms from 812 crossing messages". */
        String describe() {
            return String.format(
                    Locale.ROOT,
                    "%s (mean %.2f ms, deviation %.2f ms from %d crossing messages)",
                    delay.describe(),
                    meanMillis,
                    deviationMillis,
                    samples);
        }
    }

    /**
     * Pools the estimates of one ordered pair.
     *
     * @throws IllegalArgumentException when no estimate has a crossing sample and an own sample
     */
    static Fit fit(List<Estimate> estimates, String from, String to) {
        long samples = 0;
        double mean = 0;
        double variance = 0;
        for (Estimate estimate : estimates) {
            if (estimate.samples() == 0 || estimate.own().getTotalCount() == 0) {
                continue;
            }
            samples += estimate.samples();
            mean += estimate.samples() * estimate.meanMillis();
            variance += estimate.samples() * estimate.varianceMillisSquared();
        }
        if (samples == 0) {
            throw new IllegalArgumentException(
                    "no message crossed from datacenter " + from + " to " + to
                            + " with the replica's own delays measured as well: run longer, or raise --rate or --trace-fraction");
        }
        mean /= samples;
        variance /= samples;
        double deviation = variance > 0 ? Math.sqrt(variance) : 0;
        return new Fit(distribution(mean, deviation), mean, deviation, samples);
    }

    /** The shifted exponential of these moments, as the class describes; milliseconds. */
    static LatencyDistribution distribution(double meanMillis, double deviationMillis) {
        if (!(meanMillis > 0)) {
            return Constant.of(0);
        }
        if (!(deviationMillis > 0)) {
            return Constant.of(meanMillis);
        }
        if (deviationMillis >= meanMillis) {
            return Exponential.ofMean(meanMillis);
        }
        return Shifted.of(meanMillis - deviationMillis, Exponential.ofMean(deviationMillis));
    }
}
