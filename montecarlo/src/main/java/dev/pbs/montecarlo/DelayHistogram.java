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
 * that never occur ({@code +infinity}), count apart as "beyond range". The counts of an octave
 * ({@value #SUB_BUCKETS} longs, 8 KB) exist from its first value on, so a histogram takes 8 KB
 * for each octave its values reach (a latency's values reach about ten of the 43), never more
 * than 352 KB.
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

    /** Per octave, its buckets' counts: bucket b is {@code octaves[b / SUB_BUCKETS][b % SUB_BUCKETS]}; null until used. */
    private final long[][] octaves = new long[OCTAVES][];

    private long below;
    private long beyond;

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
        for (int i = 0; i < size; i++) {
            recordBucket(bucketOf(millis[i]));
        }
    }

    /** Records a time whose bucket ({@link #bucketOf}, from -1 to {@link #BUCKETS}) the caller computed. */
    void recordBucket(int bucket) {
        if (bucket < 0) {
            below++;
        } else if (bucket >= BUCKETS) {
            beyond++;
        } else {
            long[] octave = octaves[bucket >>> SUB_BUCKET_BITS];
            if (octave == null) {
                octave = new long[SUB_BUCKETS];
                octaves[bucket >>> SUB_BUCKET_BITS] = octave;
            }
            octave[bucket & (SUB_BUCKETS - 1)]++;
        }
    }

    void recordBeyondRange(long count) {
        beyond += count;
    }

    void add(DelayHistogram other) {
        below += other.below;
        beyond += other.beyond;
        for (int octave = 0; octave < OCTAVES; octave++) {
            long[] theirs = other.octaves[octave];
            if (theirs == null) {
                continue;
            }
            if (octaves[octave] == null) {
                octaves[octave] = theirs.clone();
                continue;
            }
            long[] ours = octaves[octave];
            for (int i = 0; i < SUB_BUCKETS; i++) {
                ours[i] += theirs[i];
            }
        }
    }

    long count() {
        long total = below + beyond;
        for (long[] octave : octaves) {
            if (octave != null) {
                for (long count : octave) {
                    total += count;
                }
            }
        }
        return total;
    }

    /** The count of bucket {@code bucket}, 0 to {@link #BUCKETS} - 1. */
    private long countOf(int bucket) {
        long[] octave = octaves[bucket >>> SUB_BUCKET_BITS];
        return octave == null ? 0 : octave[bucket & (SUB_BUCKETS - 1)];
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
        long cumulative = leadingZeros + below;
        while (next < ranks.length && ranks[next] <= cumulative) {
            result[next++] = new double[] {0, 0, LOWEST_MILLIS};
        }
        for (int bucket = 0; bucket < BUCKETS && next < ranks.length; bucket++) {
            cumulative += countOf(bucket);
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
        long count = below;
        for (int bucket = 0; bucket <= limit; bucket++) {
            count += countOf(bucket);
        }
        return count;
    }
}
