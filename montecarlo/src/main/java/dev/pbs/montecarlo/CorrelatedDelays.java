package dev.pbs.montecarlo;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Couples the delays of one operation's messages across a block of trials, after they were drawn
 * independently, by the one-factor Gaussian copula of {@link dev.pbs.model.profile.MessageCorrelation}.
 *
 * <p>Each block holds {@code size} trials' draws of every message. For each operation a standard
 * normal Z per trial is drawn ({@link #drawShared}); each message's column of draws is then
 * reordered ({@link #couple}) so that its ranks across the block follow those of {@code loading x
 * Z + sqrt(1 - loading^2) x E}, E a fresh standard normal per trial (Iman and Conover, 1982). The
 * column's values are the same draws, only given to other trials: every message keeps exactly the
 * distribution it was drawn from, and the normal scores of two coupled messages correlate the
 * product of their loadings, up to the block's finite size.
 */
final class CorrelatedDelays {

    private final double[] shared;
    private final long[] keys;
    private final double[] sorted;
    private final int indexBits;
    private final long indexMask;

    /** @param capacity the largest block */
    CorrelatedDelays(int capacity) {
        shared = new double[capacity];
        keys = new long[capacity];
        sorted = new double[capacity];
        indexBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, capacity - 1));
        indexMask = (1L << indexBits) - 1;
    }

    /** Draws the shared factor Z of the next {@code size} trials' operation. */
    void drawShared(RandomGenerator random, int size) {
        for (int trial = 0; trial < size; trial++) {
            shared[trial] = random.nextGaussian();
        }
    }

    /**
     * Gives the draws in {@code column[0, size)} to the trials in the order of {@code loading x Z +
     * sqrt(1 - loading^2) x E}: the smallest draw to the trial with the smallest score. Nothing
     * happens at loading 0 (the draws stay independent, and no random number is used).
     *
     * @param loading in [0, 1]
     */
    void couple(double[] column, int size, double loading, RandomGenerator random) {
        if (loading == 0 || size < 2) {
            return;
        }
        double own = Math.sqrt(Math.max(0, 1 - loading * loading));
        for (int trial = 0; trial < size; trial++) {
            double score = loading * shared[trial] + own * random.nextGaussian();
            keys[trial] = (sortable(score) & ~indexMask) | trial;
        }
        Arrays.sort(keys, 0, size);
        System.arraycopy(column, 0, sorted, 0, size);
        Arrays.sort(sorted, 0, size);
        for (int rank = 0; rank < size; rank++) {
            column[(int) (keys[rank] & indexMask)] = sorted[rank];
        }
    }

    /**
     * Couples the block's messages of one operation on one shared factor: for each replica row, each
     * of its message kinds at {@code loading}, then each of the coordinators' own replicas' rows at
     * {@code ownLoading}.
     *
     * @param replicas the message kinds' columns by replica, {@code [kind][replica][trial]} (W and
     *     A, or R and S)
     * @param own the coordinators' own replicas' columns likewise, {@code [kind][row][trial]}; rows
     *     may be none
     */
    void coupleOperation(
            double[][][] replicas,
            double loading,
            double[][][] own,
            double ownLoading,
            int size,
            RandomGenerator random) {
        drawShared(random, size);
        coupleRows(replicas, loading, size, random);
        coupleRows(own, ownLoading, size, random);
    }

    private void coupleRows(double[][][] columns, double loading, int size, RandomGenerator random) {
        for (int row = 0; row < columns[0].length; row++) {
            for (double[][] kind : columns) {
                couple(kind[row], size, loading, random);
            }
        }
    }

    /** A long whose signed order is the order of {@code value} (finite doubles). */
    private static long sortable(double value) {
        long bits = Double.doubleToRawLongBits(value);
        return bits < 0 ? bits ^ Long.MAX_VALUE : bits;
    }
}
