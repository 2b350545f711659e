package dev.pbs.montecarlo;

/**
 * A fixed-resolution histogram of non-negative times in milliseconds, log-linear like
 * HdrHistogram with three significant digits, but indexed straight from the bits of a
 * {@code double}: the exponent and the top {@value #SUB_BUCKET_BITS} mantissa bits name the bucket,
 * so recording costs a shift, a subtraction and an increment (see {@code HistogramBenchmark}).
 *
 * <p>Buckets span {@code [2^-20, 2^23)} ms (about 1 ns to 2.3 hours) with a relative width of
 * {@code 2^-10} (under 0.1%). Values below the range count as zero; values above it, and values
 * that never occur ({@code +infinity}), count apart as "beyond range". An octave's counts are
 * allocated when first used, so memory stays small and does not grow with the number of values.
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

    private final long[][] octaves = new long[OCTAVES][];
    private long belowRange;
    private long beyondRange;
    private long inRange;

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

    /** Records a time whose bucket ({@link #bucketOf}) the caller already computed. */
    void recordBucket(int bucket) {
        if (bucket < 0) {
            belowRange++;
        } else if (bucket >= BUCKETS) {
            beyondRange++;
        } else {
            long[] octave = octaves[bucket >>> SUB_BUCKET_BITS];
            if (octave == null) {
                octave = new long[SUB_BUCKETS];
                octaves[bucket >>> SUB_BUCKET_BITS] = octave;
            }
            octave[bucket & (SUB_BUCKETS - 1)]++;
            inRange++;
        }
    }

    void recordBeyondRange(long count) {
        beyondRange += count;
    }

    void add(DelayHistogram other) {
        belowRange += other.belowRange;
        beyondRange += other.beyondRange;
        inRange += other.inRange;
        for (int o = 0; o < OCTAVES; o++) {
            long[] theirs = other.octaves[o];
            if (theirs == null) {
                continue;
            }
            if (octaves[o] == null) {
                octaves[o] = new long[SUB_BUCKETS];
            }
            long[] ours = octaves[o];
            for (int s = 0; s < SUB_BUCKETS; s++) {
                ours[s] += theirs[s];
            }
        }
    }

    long count() {
        return belowRange + inRange + beyondRange;
    }

    long beyondRange() {
        return beyondRange;
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
        long cumulative = leadingZeros + belowRange;
        while (next < ranks.length && ranks[next] <= cumulative) {
            result[next++] = new double[] {0, 0, LOWEST_MILLIS};
        }
        for (int o = 0; o < OCTAVES && next < ranks.length; o++) {
            long[] octave = octaves[o];
            if (octave == null) {
                continue;
            }
            for (int s = 0; s < SUB_BUCKETS && next < ranks.length; s++) {
                cumulative += octave[s];
                int bucket = (o << SUB_BUCKET_BITS) | s;
                while (next < ranks.length && ranks[next] <= cumulative) {
                    double low = lowerBound(bucket);
                    double high = lowerBound(bucket + 1);
                    result[next++] = new double[] {low, low + (high - low) / 2, high};
                }
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
        int limit = bucketOf(millis);
        if (limit < 0) {
            return belowRange;
        }
        long count = belowRange;
        for (int bucket = 0; bucket <= Math.min(limit, BUCKETS - 1); bucket++) {
            long[] octave = octaves[bucket >>> SUB_BUCKET_BITS];
            if (octave == null) {
                bucket |= SUB_BUCKETS - 1;
                continue;
            }
            count += octave[bucket & (SUB_BUCKETS - 1)];
        }
        return count;
    }
}
