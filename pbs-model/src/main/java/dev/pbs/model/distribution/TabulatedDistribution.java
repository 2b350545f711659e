package dev.pbs.model.distribution;

import java.util.random.RandomGenerator;

/** Holds a lazily built {@link QuantileTable} for a distribution sampled by inversion. */
abstract class TabulatedDistribution {

    private volatile QuantileTable table;

    /** The exact inverse survival function the table is built from. */
    public abstract double inverseSurvivalProbability(double probability);

    final QuantileTable table() {
        QuantileTable result = table;
        if (result == null) {
            synchronized (this) {
                result = table;
                if (result == null) {
                    result = QuantileTable.tabulate(this::inverseSurvivalProbability);
                    table = result;
                }
            }
        }
        return result;
    }

    public LatencySampler sampler(RandomGenerator random) {
        return new TabulatedSampler(table(), random);
    }
}
