package dev.pbs.model.distribution;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Delays measured on a live system, from an HdrHistogram of integer values in a given unit.
 *
 * <p>Each non-empty bucket {@code [lowestEquivalentValue, nextNonEquivalentValue)} is treated as
 * uniform, so the CDF is piecewise linear and the quantile function is exact. Sampling picks a
 * bucket with a guide table (constant expected time, exact) and a point uniformly inside it.
 */
public final class Empirical implements LatencyDistribution {

    private final AbstractHistogram histogram;
    private final TimeUnit unit;
    private final double[] lowerMillis;
    private final double[] upperMillis;
    /** cumulative[k] = observations in buckets 0..k. */
    private final long[] cumulative;
    /** The histogram's value (in its unit) that stands for bucket k. */
    private final long[] bucketValues;

    private final long total;
    private final int[] guide;

    private Empirical(AbstractHistogram histogram, TimeUnit unit) {
        Objects.requireNonNull(histogram, "empirical histogram");
        this.unit = Objects.requireNonNull(unit, "empirical unit");
        if (unit != TimeUnit.NANOSECONDS && unit != TimeUnit.MICROSECONDS && unit != TimeUnit.MILLISECONDS) {
            throw new IllegalArgumentException("empirical unit must be ns, us or ms, was " + unit);
        }
        this.histogram = histogram.copy();
        this.total = this.histogram.getTotalCount();
        if (total <= 0) {
            throw new IllegalArgumentException("empirical histogram is empty");
        }
        double millisPerUnit = unit.toNanos(1) / 1e6;
        int buckets = 0;
        for (HistogramIterationValue ignored : this.histogram.recordedValues()) {
            buckets++;
        }
        lowerMillis = new double[buckets];
        upperMillis = new double[buckets];
        cumulative = new long[buckets];
        bucketValues = new long[buckets];
        int bucket = 0;
        long running = 0;
        for (HistogramIterationValue value : this.histogram.recordedValues()) {
            long at = value.getValueIteratedTo();
            running += value.getCountAtValueIteratedTo();
            bucketValues[bucket] = at;
            lowerMillis[bucket] = this.histogram.lowestEquivalentValue(at) * millisPerUnit;
            upperMillis[bucket] = this.histogram.nextNonEquivalentValue(at) * millisPerUnit;
            cumulative[bucket] = running;
            bucket++;
        }
        guide = new int[2 * buckets];
        int k = 0;
        for (int g = 0; g < guide.length; g++) {
            // The first bucket whose cumulative count exceeds g * total / guide.length.
            double threshold = (double) g * total / guide.length;
            while (cumulative[k] <= threshold) {
                k++;
            }
            guide[g] = k;
        }
    }

    /**
     * @param histogram integer delays in {@code unit}; copied, not retained
     * @param unit nanoseconds, microseconds or milliseconds
     */
    public static Empirical of(AbstractHistogram histogram, TimeUnit unit) {
        return new Empirical(histogram, unit);
    }

    /** A copy of the histogram this distribution was built from. */
    public AbstractHistogram histogram() {
        return histogram.copy();
    }

    public TimeUnit unit() {
        return unit;
    }

    /**
     * A bootstrap resample: as many observations as this one holds, each drawn with replacement
     * from its observations (its buckets in proportion to their counts), in a histogram of the same
     * unit and precision.
     */
    public Empirical resampled(RandomGenerator random) {
        AbstractHistogram resample = histogram.copy();
        resample.reset();
        for (long draw = 0; draw < total; draw++) {
            long position = random.nextLong(total);
            // the first bucket whose cumulative count exceeds the position
            int index = Arrays.binarySearch(cumulative, position + 1);
            int bucket = index >= 0 ? index : -index - 1;
            resample.recordValue(bucketValues[bucket]);
        }
        return new Empirical(resample, unit);
    }

    public long count() {
        return total;
    }

    @Override
    public double cumulativeProbability(double millis) {
        if (millis < lowerMillis[0]) {
            return 0.0;
        }
        int index = Arrays.binarySearch(lowerMillis, millis);
        int bucket = index >= 0 ? index : -index - 2;
        long before = bucket == 0 ? 0 : cumulative[bucket - 1];
        long inBucket = cumulative[bucket] - before;
        double fraction = Math.min(1.0, (millis - lowerMillis[bucket]) / (upperMillis[bucket] - lowerMillis[bucket]));
        return (before + fraction * inBucket) / total;
    }

    @Override
    public double survivalProbability(double millis) {
        return 1.0 - cumulativeProbability(millis);
    }

    @Override
    public double inverseSurvivalProbability(double probability) {
        LatencyDistribution.requireProbability(probability);
        return positionToMillis(total - probability * total);
    }

    /** The smallest delay at which the cumulative count reaches {@code position}, in [0, total]. */
    private double positionToMillis(double position) {
        int bucket = (int) Math.min(guide.length - 1, position / total * guide.length);
        bucket = guide[Math.max(0, bucket)];
        // The first bucket whose cumulative count reaches the position: at a boundary between
        // buckets with a gap between them, the end of the lower bucket, not the start of the next.
        while (bucket < cumulative.length - 1 && cumulative[bucket] < position) {
            bucket++;
        }
        while (bucket > 0 && cumulative[bucket - 1] >= position) {
            bucket--;
        }
        long before = bucket == 0 ? 0 : cumulative[bucket - 1];
        double fraction = Math.min(1.0, (position - before) / (cumulative[bucket] - before));
        return lowerMillis[bucket] + fraction * (upperMillis[bucket] - lowerMillis[bucket]);
    }

    @Override
    public double meanMillis() {
        double sum = 0;
        long before = 0;
        for (int k = 0; k < cumulative.length; k++) {
            sum += (cumulative[k] - before) * (lowerMillis[k] + upperMillis[k]) / 2;
            before = cumulative[k];
        }
        return sum / total;
    }

    @Override
    public LatencySampler sampler(RandomGenerator random) {
        double scale = total;
        return () -> positionToMillis(random.nextDouble() * scale);
    }

    @Override
    public String describe() {
        return "Empirical(" + total + " observations, " + String.format("%.3f", lowerMillis[0]) + " to "
                + String.format("%.3f", upperMillis[upperMillis.length - 1]) + " ms)";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Empirical that && unit == that.unit && histogram.equals(that.histogram);
    }

    @Override
    public int hashCode() {
        return 31 * unit.hashCode() + Long.hashCode(total);
    }

    @Override
    public String toString() {
        return describe();
    }
}
