package dev.pbs.model.distribution;

import java.util.random.RandomGenerator;

/**
 * Samples by inversion through a {@link QuantileTable}, 32 random bits per delay: each 64-bit draw
 * of the generator gives two delays, its high half first; a half left over waits for the next
 * delay, so {@link #fill} gives the same delays as repeated {@link #sample()}. (One delay in 4,096,
 * in the far tail, takes 64 bits more: {@link QuantileTable#inverseSurvivalOfShortDraw}.)
 */
final class TabulatedSampler implements LatencySampler {

    private final QuantileTable table;
    private final RandomGenerator random;
    /** The low half of the last 64-bit draw, while {@link #halfLeft}. */
    private int leftHalf;

    private boolean halfLeft;

    TabulatedSampler(QuantileTable table, RandomGenerator random) {
        this.table = table;
        this.random = random;
    }

    @Override
    public double sample() {
        if (halfLeft) {
            halfLeft = false;
            return table.inverseSurvivalOfShortDraw(leftHalf, random);
        }
        long bits = random.nextLong();
        leftHalf = (int) bits;
        halfLeft = true;
        return table.inverseSurvivalOfShortDraw((int) (bits >>> 32), random);
    }

    @Override
    public void fill(double[] out, int from, int to) {
        QuantileTable localTable = table;
        RandomGenerator localRandom = random;
        int i = from;
        if (halfLeft && i < to) {
            out[i++] = sample();
        }
        for (; i + 1 < to; i += 2) {
            long bits = localRandom.nextLong();
            out[i] = localTable.inverseSurvivalOfShortDraw((int) (bits >>> 32), localRandom);
            out[i + 1] = localTable.inverseSurvivalOfShortDraw((int) bits, localRandom);
        }
        if (i < to) {
            out[i] = sample();
        }
    }
}
