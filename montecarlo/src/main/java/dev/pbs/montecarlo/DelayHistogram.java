package dev.pbs.montecarlo;

/**
 * A fixed-resolution histogram of non-negative times in milliseconds, log-linear like
 * HdrHistogram with three significant digits, but indexed straight from the bits of a
 * {@code double}: the exponent and the top {@value #SUB_BUCKET_BITS} mantissa bits name the bucket,
 * so recording costs a shift, a subtraction, two conditional moves and an increment (see
 * {@code HistogramBenchmark}).
 *
 * <p>Buckets span {@code [2^-20, 2^23)} ms (about 1 ns to 2.3 hours) with a relative width of
 * {@code 2^-10} (under 0.1%). Values below the range count as zero; values above it, and values
 * that never occur ({@code +infinity}), count apart as "beyond range". The counts take a fixed
 * {@value #BUCKETS} + 2 longs (352 KB), whatever the number of values.
 */
final class DelayHistogram {

    static final int SUB_BUCKET_BITS = 10;
    static final int SUB_BUCKETS = 1 << SUB_BUCKET_BITS;
    static final int LOWEST_EXPONENT = -20;
    static final int HIGHEST_EXPONENT = 23;
    static final int OCTAVES = HIGHEST_EXPONENT - LOWEST_EXPONENT;
    static final int BUCKETS = OCTAVES * SUB_BUCKETS;
    static final double LOWEST_MILLIS = Math.scalb(1.0, LOWEST_EXPONENT);
    static final double HIGHEST_MILLIS = Math.scalb(1.0, HIGHEST_EXPONENT);
    private static final int KEY_SHIFT = 52 - SUB_BUCKET_BITS;
    private static final long KEY_BASE = (long) (1023 + LOWEST_EXPONENT) << SUB_BUCKET_BITS;

    /** counts[0]: below the range; counts[1 + b]: bucket b; counts[BUCKETS + 1]: beyond the range. */
    private final long[] counts = new long[BUCKETS + 2];

    /**
     * The bucket of a non-negative time: {@code -1} below the range, {@link #BUCKETS} or more
     * beyond it.
     */
    static int bucketOf(double millis) {
        long key = (Double.doubleToRawLongBits(millis) >>> KEY_SHIFT) - KEY_BASE;
        return key < 0 ? -1 : (int) Math.min(key, BUCKETS);
    }

    /** The smallest time in bucket {@code bucket}, ms. */
    static double lowerBound(int bucket) {
        return Double.longBitsToDouble((bucket + KEY_BASE) << KEY_SHIFT);
    }

    /** Records a time in ms, {@code >= 0} (or {@code +infinity}). */
    void recordMillis(double millis) {
        recordBucket(bucketOf(millis));
    }

    /** Records {@code millis[0, size)}, each as {@link #recordMillis}. */
    void recordAll(double[] millis, int size) {
        long[] slots = counts;
        for (int i = 0; i < size; i++) {
            slots[bucketOf(millis[i]) + 1]++;
        }
    }

    /** Records a time whose bucket ({@link #bucketOf}, from -1 to {@link #BUCKETS}) the caller computed. */
    void recordBucket(int bucket) {
        counts[bucket + 1]++;
    }

    void recordBeyondRange(long count) {
        counts[BUCKETS + 1] += count;
    }

    void add(DelayHistogram other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
    }

    long count() {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /**
     * Values at 1-based ranks in ascending order, with {@code leadingZeros} zero values placed
     * before the histogram's own. Each rank gives {lowest, representative, highest} value of its
     * bucket in ms: zeros and values below the range give {0, 0, 2^-20} (just {0, 0, 0} for the
     * leading zeros); ranks beyond the range give infinities.
     *
     * @param ranks ascending 1-based ranks
     */
    double[][] bucketsAtRanks(long leadingZeros, long[] ranks) {
        double[][] result = new double[ranks.length][];
        int next = 0;
        while (next < ranks.length && ranks[next] <= leadingZeros) {
            result[next++] = new double[] {0, 0, 0};
        }
        long cumulative = leadingZeros + counts[0];
        while (next < ranks.length && ranks[next] <= cumulative) {
            result[next++] = new double[] {0, 0, LOWEST_MILLIS};
        }
        for (int bucket = 0; bucket < BUCKETS && next < ranks.length; bucket++) {
            cumulative += counts[bucket + 1];
            while (next < ranks.length && ranks[next] <= cumulative) {
                double low = lowerBound(bucket);
                double high = lowerBound(bucket + 1);
                result[next++] = new double[] {low, low + (high - low) / 2, high};
            }
        }
        while (next < ranks.length) {
            double infinity = Double.POSITIVE_INFINITY;
            result[next++] = new double[] {infinity, infinity, infinity};
        }
        return result;
    }

    /**
     * How many recorded values are at most {@code millis}, to the histogram's resolution: the
     * bucket holding {@code millis} counts as at or below it.
     */
    long countAtOrBelow(double millis) {
        int limit = Math.min(bucketOf(millis), BUCKETS - 1);
        long count = 0;
        for (int index = 0; index <= limit + 1; index++) {
            count += counts[index];
        }
        return count;
    }
}
