package dev.pbs.model.fitting;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.HdrHistogram.Histogram;

/** "Measured" distributions for tests: draws from a known distribution recorded as a probe would. */
final class MeasuredSamples {

    private MeasuredSamples() {}

    /**
     * n delays drawn with a fixed seed, recorded in whole microseconds (rounded down, so that
     * Empirical's uniform spread over {@code [v, v + 1)} us is unbiased) in an HdrHistogram with 3
     * significant digits (buckets at most 0.1% wide).
     */
    static Empirical of(LatencyDistribution distribution, int observations, long seed) {
        LatencySampler sampler = distribution.sampler(
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed));
        Histogram histogram = new Histogram(3);
        for (int i = 0; i < observations; i++) {
            histogram.recordValue((long) (sampler.sample() * 1000));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }

    /**
     * As {@link #of}, but each delay is the exact inverse survival function at {@code v = (1 +
     * (nextLong() >>> 11)) 2^-53}, independent of how samplers draw: for a test whose example was
     * fitted to one particular sample.
     */
    static Empirical byExactInversion(LatencyDistribution distribution, int observations, long seed) {
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        Histogram histogram = new Histogram(3);
        for (int i = 0; i < observations; i++) {
            double survival = ((random.nextLong() >>> 11) + 1) * 0x1.0p-53;
            histogram.recordValue((long) (distribution.inverseSurvivalProbability(survival) * 1000));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
