package dev.pbs.montecarlo;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Tolerances for comparing estimates with known values. A test that checks m quantities at once
 * must not use m separate 95% intervals (it would fail by chance about m/20 times): it uses a
 * Bonferroni z so that all m together fail by chance with probability at most 1%.
 */
final class SamplingTolerance {

    private static final double FAMILY_ERROR = 0.01;

    private SamplingTolerance() {}

    /** z such that m two-sided comparisons together err with probability at most 1%. */
    static double familyZ(int comparisons) {
        return NormalDistribution.of(0, 1).inverseSurvivalProbability(FAMILY_ERROR / (2.0 * comparisons));
    }

    /** Whether a binomial estimate of {@code successes / trials} is compatible with {@code expected}. */
    static boolean compatible(long successes, long trials, double expected, int comparisons) {
        double estimate = (double) successes / trials;
        double standardError = Math.sqrt(expected * (1 - expected) / trials);
        return Math.abs(estimate - expected) <= familyZ(comparisons) * standardError + 1e-12;
    }
}
