package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.CoupledSum;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.QuantileEstimate;
import org.HdrHistogram.Histogram;

/**
 * A diagnostic of the natural cells (NaturalCellsLongIT), not a comparison the probe reports: the
 * observation's default prediction, P(consistent at t + lag + gap) averaged over the client's round
 * trips measured beside the writes, with the round trip coupled to the time t* after commit at which
 * the read turns consistent, as a Gaussian copula of correlation rho ({@link CoupledSum}), instead of
 * independent of it. On two shared cores a stall of the whole machine holds a write's way to a
 * replica and the client's next request together; rho above 0 says how much. With rho = 0 it is the
 * default comparison ({@link StalenessObserver#averageOverGap}) on grids of quantiles.
 */
public final class CoupledGapComparison {

    /** Quantiles of t* on the grid. */
    private static final int CONSISTENCY_LEVELS = 400;
    /** Quantiles of the round trip on the grid. */
    private static final int GAP_LEVELS = 100;
    /** t* of the trials never consistent within the engine's range, ms: later than any t + gap. */
    private static final double NEVER = 1e9;

    private CoupledGapComparison() {}

    /**
     * The prediction from {@code profile} (the whole observation against one profile) with the round
     * trip coupled as {@code rho} says, at each t of the observation's grid that had reads answered,
     * each t's mean send lag added, as the default comparison adds it.
     */
    public static double[] predicted(RawObservation raw, LatencyProfile profile, int n, double rho) {
        ConfigurationResult prediction =
                StalenessObserver.predict(profile, n, raw.settings(), raw.coordinatorIsReplica());
        double[] delays = raw.settings().delaysMillis();
        double[] predicted = new double[delays.length];
        int points = 0;
        for (int j = 0; j < delays.length; j++) {
            if (raw.reads()[j] > 0) {
                double lag = raw.lagMicros()[j] / 1000.0 / raw.reads()[j];
                predicted[points++] = consistentAt(prediction, delays[j] + lag, raw.clientGapMicros(), rho);
            }
        }
        return java.util.Arrays.copyOf(predicted, points);
    }

    /** The RMSE of observed P(consistent) against {@link #predicted} over the t grid. */
    public static double rmse(RawObservation raw, double[] predicted) {
        double sum = 0;
        int point = 0;
        for (int j = 0; j < raw.reads().length; j++) {
            if (raw.reads()[j] > 0) {
                double difference = (double) raw.fresh()[j] / raw.reads()[j] - predicted[point++];
                sum += difference * difference;
            }
        }
        return Math.sqrt(sum / point);
    }

    /**
     * P(t* <= t + gap), t* the engine's time to consistency and gap the measured round trip, coupled
     * by a Gaussian copula of correlation {@code rho} in [0, 1]; P(consistent at t) when no round trip
     * was measured.
     */
    static double consistentAt(ConfigurationResult prediction, double tMillis, Histogram gapMicros, double rho) {
        if (gapMicros.getTotalCount() == 0) {
            return prediction.consistentAt(tMillis).estimate();
        }
        double[] gaps = StalenessObserver.quantiles(gapMicros, GAP_LEVELS);
        double atCommit = prediction.consistentAt(0).estimate();
        double[] consistency = new double[CONSISTENCY_LEVELS];
        for (int level = 0; level < CONSISTENCY_LEVELS; level++) {
            double probability = (level + 0.5) / CONSISTENCY_LEVELS;
            if (probability <= atCommit) {
                consistency[level] = 0;
                continue;
            }
            QuantileEstimate quantile = prediction.window(probability);
            consistency[level] = quantile.isFinite() ? quantile.valueMillis() : NEVER;
        }
        // gap - t* over the coupled pairs: consistent where it is at least -t.
        double[] differences = CoupledSum.of(gaps, CONSISTENCY_LEVELS, rho).sortedSums(consistency, -1);
        long consistent = 0;
        for (double difference : differences) {
            if (difference >= -tMillis) {
                consistent++;
            }
        }
        return (double) consistent / differences.length;
    }
}
