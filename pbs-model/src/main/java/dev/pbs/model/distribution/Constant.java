package dev.pbs.model.distribution;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/** A fixed delay, in milliseconds. Its sampler consumes no randomness. */
public final class Constant implements LatencyDistribution {

    private final double valueMillis;

    private Constant(double valueMillis) {
        this.valueMillis = LatencyDistribution.requireNonNegativeFinite("constant value_ms", valueMillis);
    }

    /** @param valueMillis the delay, finite and {@code >= 0} */
    public static Constant of(double valueMillis) {
        return new Constant(valueMillis);
    }

    public double valueMillis() {
        return valueMillis;
    }

    @Override
    public double cumulativeProbability(double millis) {
        return millis >= valueMillis ? 1.0 : 0.0;
    }

    @Override
    public double survivalProbability(double millis) {
        return millis >= valueMillis ? 0.0 : 1.0;
    }

    @Override
    public double inverseSurvivalProbability(double probability) {
        LatencyDistribution.requireProbability(probability);
        return valueMillis;
    }

    @Override
    public double meanMillis() {
        return valueMillis;
    }

    @Override
    public LatencySampler sampler(RandomGenerator random) {
        return new LatencySampler() {
            @Override
            public double sample() {
                return valueMillis;
            }

            @Override
            public void fill(double[] out, int from, int to) {
                Arrays.fill(out, from, to, valueMillis);
            }
        };
    }

    @Override
    public String describe() {
        return "Constant(" + valueMillis + " ms)";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Constant that && Double.compare(valueMillis, that.valueMillis) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(valueMillis);
    }

    @Override
    public String toString() {
        return describe();
    }
}
