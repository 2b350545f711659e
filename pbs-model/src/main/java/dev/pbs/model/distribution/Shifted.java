package dev.pbs.model.distribution;

import java.util.Objects;
import java.util.random.RandomGenerator;

/** A distribution moved right by a fixed offset: {@code X = offset + Y}, milliseconds. */
public final class Shifted implements LatencyDistribution {

    private final double offsetMillis;
    private final LatencyDistribution distribution;

    private Shifted(double offsetMillis, LatencyDistribution distribution) {
        this.offsetMillis = LatencyDistribution.requireNonNegativeFinite("shifted offset_ms", offsetMillis);
        this.distribution = Objects.requireNonNull(distribution, "shifted distribution");
    }

    /** @param offsetMillis added to every delay, finite and {@code >= 0} */
    public static Shifted of(double offsetMillis, LatencyDistribution distribution) {
        return new Shifted(offsetMillis, distribution);
    }

    public double offsetMillis() {
        return offsetMillis;
    }

    public LatencyDistribution distribution() {
        return distribution;
    }

    @Override
    public double cumulativeProbability(double millis) {
        return distribution.cumulativeProbability(millis - offsetMillis);
    }

    @Override
    public double survivalProbability(double millis) {
        return distribution.survivalProbability(millis - offsetMillis);
    }

    @Override
    public double inverseSurvivalProbability(double probability) {
        return offsetMillis + distribution.inverseSurvivalProbability(probability);
    }

    @Override
    public double tabulatedInverseSurvival(double probability) {
        return offsetMillis + distribution.tabulatedInverseSurvival(probability);
    }

    @Override
    public double meanMillis() {
        return offsetMillis + distribution.meanMillis();
    }

    @Override
    public LatencySampler sampler(RandomGenerator random) {
        LatencySampler inner = distribution.sampler(random);
        double offset = offsetMillis;
        return new LatencySampler() {
            @Override
            public double sample() {
                return offset + inner.sample();
            }

            @Override
            public void fill(double[] out, int from, int to) {
                inner.fill(out, from, to);
                for (int i = from; i < to; i++) {
                    out[i] += offset;
                }
            }
        };
    }

    @Override
    public String describe() {
        return offsetMillis + " ms + " + distribution.describe();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Shifted that
                && Double.compare(offsetMillis, that.offsetMillis) == 0
                && distribution.equals(that.distribution);
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(offsetMillis) + distribution.hashCode();
    }

    @Override
    public String toString() {
        return describe();
    }
}
