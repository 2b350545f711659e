package dev.pbs.model.distribution;

import java.util.random.RandomGenerator;

/**
 * Holds a lazily built {@link QuantileTable} for a distribution sampled by inversion, and a second
 * one for the deep tail, {@code v in [2^-64, 2^-32)}, built only when {@link
 * #tabulatedInverseSurvival} is asked for such a v.
 */
abstract class TabulatedDistribution {

    /** The smallest survival probability the sampling table covers: below it, the deep-tail table. */
    static final double TABLE_FLOOR = 0x1p-32;
    /** The smallest survival probability the deep-tail table covers: below it, the exact function. */
    static final double DEEP_TAIL_FLOOR = 0x1p-64;

    private volatile QuantileTable table;
    /** The table of {@code v -> Q(v 2^-32)}, so that it covers {@code Q} on {@code [2^-64, 2^-32)}. */
    private volatile QuantileTable deepTailTable;

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

    private QuantileTable deepTailTable() {
        QuantileTable result = deepTailTable;
        if (result == null) {
            synchronized (this) {
                result = deepTailTable;
                if (result == null) {
                    result = QuantileTable.tabulate(v -> inverseSurvivalProbability(v * TABLE_FLOOR));
                    deepTailTable = result;
                }
            }
        }
        return result;
    }

    public LatencySampler sampler(RandomGenerator random) {
        return new TabulatedSampler(table(), random);
    }

    /**
     * {@code Q(v)} from the sampling table for {@code v >= 2^-32}, from the deep-tail table (the
     * same layout, over {@code v 2^32}, multiplied exactly) for {@code v >= 2^-64}, and exactly
     * below: relative error below 1e-5 throughout.
     *
     * @param probability v in (0, 1]
     */
    public double tabulatedInverseSurvival(double probability) {
        if (probability >= TABLE_FLOOR) {
            return table().inverseSurvival(probability);
        }
        if (probability >= DEEP_TAIL_FLOOR) {
            return deepTailTable().inverseSurvival(probability * 0x1p32);
        }
        return inverseSurvivalProbability(probability);
    }
}
