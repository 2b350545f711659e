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

    /** Delays {@link QuantileTable#fillPairs} fills at a time (even). */
    private static final int PENDING = 256;

    /** Scratch space for {@link QuantileTable#fillPairs}. */
    private final int[] pendingPositions = new int[PENDING];

    private final int[] pendingBits = new int[PENDING];

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
        int i = from;
        if (halfLeft && i < to) {
            out[i++] = sample();
        }
        int pairsEnd = i + ((to - i) & ~1);
        while (i < pairsEnd) {
            int end = Math.min(pairsEnd, i + PENDING);
            table.fillPairs(out, i, end, random, pendingPositions, pendingBits);
            i = end;
        }
        if (i < to) {
            out[i] = sample();
        }
    }
}
