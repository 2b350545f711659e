package dev.pbs.model.faults;

import dev.pbs.model.distribution.LatencyDistribution;

/** The checks the fault processes share, each with one message naming the parameter. */
final class FaultParameters {

    private FaultParameters() {}

    static void requireFiniteMean(String name, LatencyDistribution distribution) {
        double mean = distribution.meanMillis();
        if (!(mean >= 0) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException(name + " needs a finite mean, was " + distribution.describe());
        }
    }

    static void requirePositiveMean(String name, LatencyDistribution distribution) {
        requireFiniteMean(name, distribution);
        if (!(distribution.meanMillis() > 0)) {
            throw new IllegalArgumentException(name + " needs a mean above 0 ms, was " + distribution.describe());
        }
    }
}
