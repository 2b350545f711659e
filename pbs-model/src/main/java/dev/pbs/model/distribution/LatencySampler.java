package dev.pbs.model.distribution;

/** Draws delays in milliseconds from one distribution with one generator. Not thread-safe. */
public interface LatencySampler {

    /** One delay in milliseconds. */
    double sample();

    /** Fills {@code out[from, to)} with independent delays; the same draws as repeated {@link #sample()}. */
    default void fill(double[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            out[i] = sample();
        }
    }
}
