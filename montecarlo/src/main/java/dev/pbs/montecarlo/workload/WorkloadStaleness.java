package dev.pbs.montecarlo.workload;

import dev.pbs.montecarlo.ConfigurationResult;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Staleness of reads that arrive at random while a key is written as a Poisson process of rate
 * λ writes per second (the workload's writes per second over its keys).
 *
 * <p>A read that starts {@code a} ms after the newest write to its key committed misses that write
 * when {@code a < t*}, where {@code t*} is the configuration's consistency threshold (the one-pass
 * form: P(consistent at t) = P(t* <= t)). For a read at a random moment the age {@code a} of the
 * newest write is exponential with rate λ, so
 *
 * <pre>P(stale) = P(A < T) = E[1 - exp(-λ T)]</pre>
 *
 * with T drawn from the distribution of t*. A read is at least k versions behind when it misses
 * each of the k newest writes, whose ages are the partial sums {@code A_1 < A_2 < ... < A_k} of
 * exponential gaps; each write is taken to have its own threshold {@code T_i}, drawn independently
 * (the same approximation as the closed-form k-staleness, which sends all k writes at once; here
 * they arrive at the workload's rate):
 *
 * <pre>P(at least k versions behind) = P(A_1 < T_1, ..., A_k < T_k)</pre>
 *
 * For exponential thresholds of rate μ both have closed forms, {@code λ / (λ + μ)} and {@code
 * ∏_{c=1..k} λ / (λ + c μ)}, which the tests check. Writes still in flight when the read starts
 * are not counted as missed (PBS measures staleness against committed writes).
 *
 * <p>The threshold distribution is read from its quantile function at {@value #QUANTILES} evenly
 * spaced levels (mid-points), so that it can be sampled and integrated without the trials.
 */
public final class WorkloadStaleness {

    /** Levels at which the threshold's quantile function is tabulated. */
    public static final int QUANTILES = 4_000;

    private static final double MILLIS_PER_SECOND = 1000;
    private final double[] thresholdsMillis;

    /**
     * @param quantileMillis the threshold t* at level u in (0, 1), ms; {@code +infinity} where it lies
     *     beyond the simulated range (the write is never seen there)
     */
    public WorkloadStaleness(DoubleUnaryOperator quantileMillis) {
        thresholdsMillis = new double[QUANTILES];
        for (int index = 0; index < QUANTILES; index++) {
            double value = quantileMillis.applyAsDouble((index + 0.5) / QUANTILES);
            if (Double.isNaN(value) || value < 0) {
                throw new IllegalArgumentException("a consistency threshold must be at least 0 ms, was " + value);
            }
            thresholdsMillis[index] = value;
        }
    }

    /** The thresholds of one simulated configuration: the quantile function of its windows. */
    public static WorkloadStaleness of(ConfigurationResult result) {
        return new WorkloadStaleness(level -> result.window(level).valueMillis());
    }

    /**
     * P(a read at a random moment misses the newest committed write to its key).
     *
     * @param writesPerSecond λ, writes per second to one key, at least 0
     */
    public double staleProbability(double writesPerSecond) {
        double rate = ratePerMillisecond(writesPerSecond);
        double sum = 0;
        for (double threshold : thresholdsMillis) {
            sum += threshold == Double.POSITIVE_INFINITY ? 1 : -Math.expm1(-rate * threshold);
        }
        return sum / QUANTILES;
    }

    /**
     * P(a read is at least k versions behind), for k = 1 .. {@code maxVersions} (index k - 1), by
     * sampling arrivals and thresholds; entry 0 is {@link #staleProbability} up to sampling noise.
     *
     * @param writesPerSecond λ, writes per second to one key, at least 0
     * @param samples reads sampled, at least 1; the standard error of an entry p is sqrt(p (1 - p) / samples)
     * @param seed the same seed gives the same answer
     */
    public double[] versionsBehind(double writesPerSecond, int maxVersions, int samples, long seed) {
        if (maxVersions < 1) {
            throw new IllegalArgumentException("versions behind start at 1, asked up to " + maxVersions);
        }
        if (samples < 1) {
            throw new IllegalArgumentException("at least one sample, was " + samples);
        }
        double rate = ratePerMillisecond(writesPerSecond);
        long[] behind = new long[maxVersions];
        SplittableRandom random = new SplittableRandom(seed);
        for (int sample = 0; sample < samples; sample++) {
            double age = 0;
            for (int versions = 0; versions < maxVersions; versions++) {
                age += rate == 0 ? Double.POSITIVE_INFINITY : -Math.log1p(-random.nextDouble()) / rate;
                double threshold = thresholdsMillis[random.nextInt(QUANTILES)];
                if (!(age < threshold)) {
                    break;
                }
                behind[versions]++;
            }
        }
        double[] probabilities = new double[maxVersions];
        for (int versions = 0; versions < maxVersions; versions++) {
            probabilities[versions] = (double) behind[versions] / samples;
        }
        return probabilities;
    }

    private static double ratePerMillisecond(double writesPerSecond) {
        if (!(writesPerSecond >= 0) || Double.isInfinite(writesPerSecond)) {
            throw new IllegalArgumentException(
                    "writes per second to a key must be a finite number at least 0, was " + writesPerSecond);
        }
        return writesPerSecond / MILLIS_PER_SECOND;
    }
}
