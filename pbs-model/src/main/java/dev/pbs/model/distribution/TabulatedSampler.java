package dev.pbs.model.distribution;

import java.util.random.RandomGenerator;

/** Samples by inversion through a {@link QuantileTable}: one uniform double per delay. */
final class TabulatedSampler implements LatencySampler {

    private final QuantileTable table;
    private final RandomGenerator random;

    TabulatedSampler(QuantileTable table, RandomGenerator random) {
        this.table = table;
        this.random = random;
    }

    @Override
    public double sample() {
        return table.inverseSurvival(1.0 - random.nextDouble());
    }

    @Override
    public void fill(double[] out, int from, int to) {
        QuantileTable localTable = table;
        RandomGenerator localRandom = random;
        for (int i = from; i < to; i++) {
            out[i] = localTable.inverseSurvival(1.0 - localRandom.nextDouble());
        }
    }
}
