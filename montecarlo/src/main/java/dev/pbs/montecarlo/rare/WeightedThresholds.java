package dev.pbs.montecarlo.rare;

import dev.pbs.montecarlo.QuantileEstimate;

/**
 * The weighted distribution of one configuration's consistency threshold t*: per position, the sums
 * of the trials' likelihood ratios w and of w^2. Positions are the engine's threshold histogram's
 * layout with two in front: 0 holds {@code t* <= 0} (consistent at once), 1 holds
 * {@code 0 < t* < 2^-20} ms (below the range, consistent at every t >= 0 to its resolution),
 * {@code 2 + b} the log-linear bucket b of {@code [2^-20, 2^23)} ms with relative width
 * {@code 2^-10} (0.1%), and the last one {@code t* >= 2^23} ms (beyond the range). Beside them,
 * per cell of the exact time grid: {@code t*} in {@code (grid[g-1], grid[g]]}, so that P(stale) at
 * the grid's times is exact.
 *
 * <p>Not thread-safe; sums are added in a fixed order (by chunk), so a seed gives the same bits.
 */
final class WeightedThresholds {

    static final int SUB_BUCKET_BITS = 10;
    static final int LOWEST_EXPONENT = -20;
    static final int HIGHEST_EXPONENT = 23;
    static final int BUCKETS = (HIGHEST_EXPONENT - LOWEST_EXPONENT) << SUB_BUCKET_BITS;
    static final double LOWEST_MILLIS = Math.scalb(1.0, LOWEST_EXPONENT);
    private static final int KEY_SHIFT = 52 - SUB_BUCKET_BITS;
    private static final long KEY_BASE = (long) (1023 + LOWEST_EXPONENT) << SUB_BUCKET_BITS;

    /** Position of {@code t* <= 0}. */
    static final int AT_ONCE = 0;
    /** Position of {@code t* >= 2^23} ms (or infinite). */
    static final int BEYOND = BUCKETS + 2;

    static final int POSITIONS = BUCKETS + 3;

    private final double[] mass = new double[POSITIONS];
    private final double[] squares = new double[POSITIONS];
    /** Per grid cell g (0 to grid length): t* > 0 in (grid[g-1], grid[g]]; the last, beyond the grid. */
    private final double[] cellMass;

    private final double[] cellSquares;

    WeightedThresholds(int gridLength) {
        cellMass = new double[gridLength + 1];
        cellSquares = new double[gridLength + 1];
    }

    /** The position of a threshold in ms. */
    static int positionOf(double thresholdMillis) {
        if (!(thresholdMillis > 0)) {
            return AT_ONCE;
        }
        long key = (Double.doubleToRawLongBits(thresholdMillis) >>> KEY_SHIFT) - KEY_BASE;
        return key < 0 ? 1 : (int) Math.min(key, BUCKETS) + 2;
    }

    /** The smallest threshold of bucket b, ms. */
    static double lowerBound(int bucket) {
        return Double.longBitsToDouble((bucket + KEY_BASE) << KEY_SHIFT);
    }

    /** Adds one trial at a position and grid cell ({@code -1}: none, t* <= 0) with weight w. */
    void add(int position, int cell, double weight) {
        double square = weight * weight;
        mass[position] += weight;
        squares[position] += square;
        if (cell >= 0) {
            cellMass[cell] += weight;
            cellSquares[cell] += square;
        }
    }

    /** P(stale at grid time g) = P(t* > grid[g]), exactly (no histogram resolution). */
    ImportanceEstimate staleAtGridTime(int gridIndex, long trials) {
        double sum = 0;
        double squareSum = 0;
        for (int cell = gridIndex + 1; cell < cellMass.length; cell++) {
            sum += cellMass[cell];
            squareSum += cellSquares[cell];
        }
        return ImportanceEstimate.of(sum, squareSum, trials);
    }

    /**
     * P(stale at t) to the histogram's resolution: the trials whose threshold lies in t's own
     * bucket count as consistent, as in the engine's {@code consistentAt}.
     */
    ImportanceEstimate staleAt(double tMillis, long trials) {
        int position = tMillis > 0 ? positionOf(tMillis) : 1;
        double sum = 0;
        double squareSum = 0;
        for (int above = position + 1; above < POSITIONS; above++) {
            sum += mass[above];
            squareSum += squares[above];
        }
        return ImportanceEstimate.of(sum, squareSum, trials);
    }

    /** The weight of all trials, consistent or not, at each position's tail: {@code tail[q]} sums positions > q. */
    private double[][] tails() {
        double[] tail = new double[POSITIONS];
        double[] tailSquares = new double[POSITIONS];
        double sum = 0;
        double squareSum = 0;
        for (int position = POSITIONS - 1; position >= 0; position--) {
            tail[position] = sum;
            tailSquares[position] = squareSum;
            sum += mass[position];
            squareSum += squares[position];
        }
        return new double[][] {tail, tailSquares};
    }

    /**
     * The window for level p: the smallest t with {@code P(stale at t) <= 1 - p}, and its 95% interval by
     * test inversion: from the smallest t whose interval's lower end is at most {@code 1 - p} to the
     * smallest t whose upper end is, each widened to its bucket's edges. Beside it, P(stale) at the
     * last position before the window (where it is still above {@code 1 - p}), whose relative
     * half-width says how well the window is resolved; at a window of 0, P(stale at 0).
     *
     * @param level p in (0, 1)
     * @param relativeHalfWidth the precision a resolved window needs
     */
    ImportanceWindow window(double level, long trials, double relativeHalfWidth) {
        double[][] tails = tails();
        double excess = 1 - level;
        int point = -1;
        int lower = -1;
        int upper = -1;
        for (int position = 0; position < POSITIONS && upper < 0; position++) {
            ImportanceEstimate stale = ImportanceEstimate.of(tails[0][position], tails[1][position], trials);
            if (lower < 0 && stale.lower() <= excess) {
                lower = position;
            }
            if (point < 0 && stale.estimate() <= excess) {
                point = position;
            }
            // An unknown upper end (nothing beyond) is 0: the weight beyond this position is 0.
            if (!(stale.upper() > excess)) {
                upper = position;
            }
        }
        ImportanceEstimate before = point == AT_ONCE
                ? ImportanceEstimate.of(tails[0][AT_ONCE], tails[1][AT_ONCE], trials)
                : ImportanceEstimate.of(tails[0][point - 1], tails[1][point - 1], trials);
        boolean resolved = point == AT_ONCE ? upper == AT_ONCE : before.relativeHalfWidth() <= relativeHalfWidth;
        QuantileEstimate window = new QuantileEstimate(level, middle(point), lowEdge(lower), highEdge(upper));
        return new ImportanceWindow(window, before, resolved);
    }

    private static double lowEdge(int position) {
        if (position <= 1) {
            return 0;
        }
        return position == BEYOND ? Double.POSITIVE_INFINITY : lowerBound(position - 2);
    }

    private static double middle(int position) {
        if (position <= 1) {
            return 0;
        }
        if (position == BEYOND) {
            return Double.POSITIVE_INFINITY;
        }
        double low = lowerBound(position - 2);
        return low + (lowerBound(position - 1) - low) / 2;
    }

    private static double highEdge(int position) {
        if (position == AT_ONCE) {
            return 0;
        }
        if (position == 1) {
            return LOWEST_MILLIS;
        }
        return position == BEYOND ? Double.POSITIVE_INFINITY : lowerBound(position - 1);
    }
}
