package dev.pbs.model.distribution;

import java.util.random.RandomGenerator;

/** Samples by inversion through a {@link QuantileTable}: 64 random bits per delay. */
final class TabulatedSampler implements LatencySampler {

    private final QuantileTable table;
    private final RandomGenerator random;

    TabulatedSampler(QuantileTable table, RandomGenerator random) {
        this.table = table;
        this.random = random;
    }

    @Override
    public double sample() {
        return table.inverseSurvivalOfBits(random.nextLong());
    }

    @Override
    public void fill(double[] out, int from, int to) {
        QuantileTable localTable = table;
        RandomGenerator localRandom = random;
        for (int i = from; i < to; i++) {
            out[i] = localTable.inverseSurvivalOfBits(localRandom.nextLong());
        }
    }
}
