package dev.pbs.montecarlo;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A fixed-size histogram of non-negative times recorded in nanoseconds with three significant
 * digits, from 0 to {@link #MAX_NANOS} (about 2.4 hours); larger values, and values that never
 * occur ({@code +infinity}), are counted apart as "beyond range". Memory does not grow with the
 * number of values.
 */
final class DelayHistogram {

    /** 2^43 ns, about 2.4 hours. */
    static final long MAX_NANOS = 1L << 43;
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double NANOS_PER_MILLI = 1e6;

    private final Histogram histogram = new Histogram(MAX_NANOS, SIGNIFICANT_DIGITS);
    private long beyondRange;

    void recordMillis(double millis) {
        double nanos = millis * NANOS_PER_MILLI + 0.5;
        if (nanos < MAX_NANOS) {
            histogram.recordValue((long) nanos);
        } else {
            beyondRange++;
        }
    }

    void recordBeyondRange(long count) {
        beyondRange += count;
    }

    void add(DelayHistogram other) {
        histogram.add(other.histogram);
        beyondRange += other.beyondRange;
    }

    long count() {
        return histogram.getTotalCount() + beyondRange;
    }

    long beyondRange() {
        return beyondRange;
    }

    /**
     * Values at 1-based ranks in ascending order, with {@code leadingZeros} zero values placed
     * before the histogram's own. Each rank gives [lowest, representative, highest] value of its
     * bucket in ms, or infinities when the rank falls beyond the range.
     *
     * @param ranks ascending 1-based ranks
     */
    double[][] bucketsAtRanks(long leadingZeros, long[] ranks) {
        double[][] result = new double[ranks.length][];
        int next = 0;
        while (next < ranks.length && ranks[next] <= leadingZeros) {
            result[next++] = new double[] {0, 0, 0};
        }
        long cumulative = leadingZeros;
        for (HistogramIterationValue value : histogram.recordedValues()) {
            cumulative += value.getCountAtValueIteratedTo();
            long at = value.getValueIteratedTo();
            while (next < ranks.length && ranks[next] <= cumulative) {
                result[next++] = new double[] {
                    histogram.lowestEquivalentValue(at) / NANOS_PER_MILLI,
                    (at == 0 ? 0 : histogram.medianEquivalentValue(at)) / NANOS_PER_MILLI,
                    histogram.highestEquivalentValue(at) / NANOS_PER_MILLI};
            }
        }
        while (next < ranks.length) {
            double infinity = Double.POSITIVE_INFINITY;
            result[next++] = new double[] {infinity, infinity, infinity};
        }
        return result;
    }

    /** How many recorded values are at most {@code millis}, to the histogram's resolution. */
    long countAtOrBelow(double millis) {
        double nanos = millis * NANOS_PER_MILLI;
        if (nanos >= MAX_NANOS) {
            return histogram.getTotalCount();
        }
        return histogram.getCountBetweenValues(0, (long) nanos);
    }
}
