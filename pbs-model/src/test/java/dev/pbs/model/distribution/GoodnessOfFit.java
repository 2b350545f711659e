package dev.pbs.model.distribution;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.apache.commons.math3.distribution.AbstractRealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Fixed-seed goodness-of-fit helpers. Every statistical check in this module runs at
 * {@link #ALPHA}: a correct sampler fails it with probability 0.001 for a random seed, and the
 * seeds are fixed, so a failure is reproducible and never a flake.
 */
final class GoodnessOfFit {

    static final double ALPHA = 0.001;
    static final String GENERATOR = "L64X128MixRandom";

    private GoodnessOfFit() {}

    static RandomGenerator random(long seed) {
        return RandomGeneratorFactory.of(GENERATOR).create(seed);
    }

    /** The two-sided normal critical value at {@link #ALPHA}, 3.29. */
    static double criticalZ() {
        return NormalDistribution.of(0, 1).inverseSurvivalProbability(ALPHA / 2);
    }

    /**
     * The Kolmogorov-Smirnov distance {@code sup |F_n(x) - F(x)|} of sorted samples from the
     * distribution's own CDF. It compares both sides of every sample value, using the left limit
     * {@code F(x-)} (taken at the next double below x), so atoms (Constant, mixtures with a
     * constant component) are measured exactly rather than counted as a jump of the whole atom.
     */
    static double kolmogorovSmirnovDistance(double[] sorted, LatencyDistribution distribution) {
        int n = sorted.length;
        double distance = 0;
        int first = 0;
        while (first < n) {
            double x = sorted[first];
            int end = first;
            while (end < n && sorted[end] == x) {
                end++;
            }
            double below = distribution.cumulativeProbability(Math.nextDown(x));
            double at = distribution.cumulativeProbability(x);
            distance =
                    Math.max(distance, Math.max(Math.abs(below - (double) first / n), Math.abs(at - (double) end / n)));
            first = end;
        }
        return distance;
    }

    /** P(D_n >= distance) for n samples from a continuous distribution (conservative with atoms). */
    static double kolmogorovSmirnovPValue(double distance, int n) {
        return 1.0 - new KolmogorovSmirnovTest().cdf(distance, n);
    }

    static double[] sorted(double[] samples) {
        double[] copy = samples.clone();
        Arrays.sort(copy);
        return copy;
    }

    /** A commons-math view of a latency distribution, for commons-math's own KS statistic. */
    static final class AsRealDistribution extends AbstractRealDistribution {
        private static final long serialVersionUID = 1L;
        private final transient LatencyDistribution distribution;

        AsRealDistribution(LatencyDistribution distribution) {
            super(null);
            this.distribution = distribution;
        }

        @Override
        public double density(double x) {
            throw new UnsupportedOperationException("the KS statistic needs only the CDF");
        }

        @Override
        public double cumulativeProbability(double x) {
            return distribution.cumulativeProbability(x);
        }

        @Override
        public double getNumericalMean() {
            return distribution.meanMillis();
        }

        @Override
        public double getNumericalVariance() {
            return Double.NaN;
        }

        @Override
        public double getSupportLowerBound() {
            return 0;
        }

        @Override
        public double getSupportUpperBound() {
            return Double.POSITIVE_INFINITY;
        }

        @Override
        @Deprecated
        public boolean isSupportLowerBoundInclusive() {
            return true;
        }

        @Override
        @Deprecated
        public boolean isSupportUpperBoundInclusive() {
            return false;
        }

        @Override
        public boolean isSupportConnected() {
            return true;
        }
    }
}
