package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.CoupledSum;
import dev.pbs.montecarlo.ConfigurationResult;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The engine's P(consistent) at the client's t: a read sent t after the client received the write's
 * acknowledgement reaches its coordinator t + gap after the write committed, gap the client's round
 * trip measured beside the writes (the refused request of {@link StalenessObserver}).
 *
 * <p>With t* the time after commit at which the engine's read turns consistent, the prediction is
 * P(t* &lt;= t + gap). The round trip and t* may go together: on a machine whose cores the client and
 * the nodes share, a stall that holds a write's way to a replica holds the client's next request too.
 * {@code coupling} says how much, as the correlation rho of their normal scores in a Gaussian copula
 * ({@link CoupledSum}), the correlation the probe measures between an operation's client part and its
 * coordinator part. With rho = 0 the two are independent and the prediction is the mean of P(consistent
 * at t + gap) over the measured round trips; with rho above 0 it pairs GAP_LEVELS quantiles of the
 * round trip with CONSISTENCY_LEVELS quantiles of t* and counts the pairs with gap - t* &gt;= -t.
 */
public final class ClientTimeOrigin {

    /** Quantiles of t* on the coupled grid. */
    static final int CONSISTENCY_LEVELS = 400;
    /** Quantiles of the round trip on the coupled grid. */
    private static final int GAP_LEVELS = 100;
    /** t* of the trials never consistent within the engine's range, ms: later than any t + gap. */
    private static final double NEVER = 1e9;

    private final ConfigurationResult prediction;
    private final Histogram gapMicros;
    private final double coupling;
    /** gap - t* over the coupled pairs, sorted; null when the exact independent mean is used. */
    private final double[] sortedDifferences;

    private ClientTimeOrigin(
            ConfigurationResult prediction, Histogram gapMicros, double coupling, double[] sortedDifferences) {
        this.prediction = prediction;
        this.gapMicros = gapMicros;
        this.coupling = coupling;
        this.sortedDifferences = sortedDifferences;
    }

    /**
     * @param prediction the engine's result for the observed configuration
     * @param gapMicros the round trips measured beside the writes, microseconds (empty: no gap)
     * @param coupling rho within [0, 1]
     * @throws IllegalArgumentException when the coupling is outside [0, 1]
     */
    public static ClientTimeOrigin of(ConfigurationResult prediction, Histogram gapMicros, double coupling) {
        if (!(coupling >= 0 && coupling <= 1)) {
            throw new IllegalArgumentException(
                    "the round trip's coupling with the time to consistency must be within [0, 1], not " + coupling);
        }
        if (coupling == 0 || gapMicros.getTotalCount() == 0) {
            return new ClientTimeOrigin(prediction, gapMicros, coupling, null);
        }
        double atCommit = prediction.consistentAt(0).estimate();
        double[] levels = new double[CONSISTENCY_LEVELS];
        for (int level = 0; level < CONSISTENCY_LEVELS; level++) {
            levels[level] = (level + 0.5) / CONSISTENCY_LEVELS;
        }
        // the engine's quantiles of t* in one pass (timeToConsistency's, level by level)
        double[] windows = prediction.windowValues(levels);
        double[] consistency = new double[CONSISTENCY_LEVELS];
        for (int level = 0; level < CONSISTENCY_LEVELS; level++) {
            consistency[level] =
                    levels[level] <= atCommit ? 0 : Double.isFinite(windows[level]) ? windows[level] : NEVER;
        }
        return new ClientTimeOrigin(
                prediction, gapMicros, coupling, sortedDifferences(gapMicros, consistency, coupling));
    }

    /**
     * gap - t* over GAP_LEVELS quantiles of the round trip paired with {@code consistencyMillis}
     * (quantiles of t*, CONSISTENCY_LEVELS of them) as a Gaussian copula of correlation {@code
     * coupling} pairs them, sorted.
     */
    static double[] sortedDifferences(Histogram gapMicros, double[] consistencyMillis, double coupling) {
        double[] gaps = StalenessObserver.quantiles(gapMicros, GAP_LEVELS);
        return CoupledSum.of(gaps, consistencyMillis.length, coupling).sortedSums(consistencyMillis, -1);
    }

    /** The share of {@code sorted} (ascending) at or above {@code threshold}. */
    static double shareAtLeast(double[] sorted, double threshold) {
        int first = Arrays.binarySearch(sorted, threshold);
        if (first < 0) {
            first = -first - 1;
        } else {
            while (first > 0 && sorted[first - 1] >= threshold) {
                first--;
            }
        }
        return (double) (sorted.length - first) / sorted.length;
    }

    /** rho, within [0, 1]. */
    public double coupling() {
        return coupling;
    }

    /**
     * P(t* &lt;= t + gap) at the client's {@code tMillis} (ms, 0 or more); P(consistent at t) when no
     * round trip was measured.
     */
    public double consistentAt(double tMillis) {
        if (gapMicros.getTotalCount() == 0) {
            return prediction.consistentAt(tMillis).estimate();
        }
        if (sortedDifferences == null) {
            return averageOverGap(tMillis);
        }
        // The pairs with gap - t* >= -t.
        return shareAtLeast(sortedDifferences, -tMillis);
    }

    /** The mean of P(consistent at t + gap) over the measured round trips, each as recorded. */
    private double averageOverGap(double tMillis) {
        double sum = 0;
        for (HistogramIterationValue value : gapMicros.recordedValues()) {
            double gapMillis = gapMicros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0;
            sum += value.getCountAtValueIteratedTo()
                    * prediction.consistentAt(tMillis + gapMillis).estimate();
        }
        return sum / gapMicros.getTotalCount();
    }
}
