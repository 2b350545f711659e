package dev.pbs.cassandra.observe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * A diagnostic of the natural cells (NaturalCellsLongIT), not a comparison the probe reports: the
 * default comparison's coupling ({@link ClientTimeOrigin}) applied to the delayed reads only. A read
 * consistent at commit (t* = 0: it reads a replica that already holds the write) is so whichever
 * replica the driver and the coordinator chose, which no stall of the machine decides; only the time
 * by which the write reaches the replica read goes with the client's round trip. So P = p0 + (1 -
 * p0) P(t*' &lt;= t + gap), p0 = P(consistent at commit) and t*' the time to consistency of the reads
 * that are not, coupled with the round trip as a Gaussian copula of correlation rho. The default
 * couples the round trip with t* over its whole distribution, the reads consistent at commit
 * included, which pairs the shortest round trips with them.
 */
public final class DelayedPartCoupling {

    private DelayedPartCoupling() {}

    /**
     * The prediction from {@code profile} (the whole observation against one profile) at each t of
     * the observation's grid that had reads answered, each t's mean send lag added.
     */
    public static double[] predicted(RawObservation raw, LatencyProfile profile, int n, double rho) {
        ConfigurationResult prediction =
                StalenessObserver.predict(profile, n, raw.settings(), raw.coordinatorReplicaShare());
        double atCommit = prediction.consistentAt(0).estimate();
        double[] differences = delayedDifferences(prediction, raw.clientGapMicros(), rho);
        double[] delays = raw.settings().delaysMillis();
        double[] predicted = new double[delays.length];
        int points = 0;
        for (int j = 0; j < delays.length; j++) {
            if (raw.reads()[j] > 0) {
                double lag = raw.lagMicros()[j] / 1000.0 / raw.reads()[j];
                predicted[points++] = differences == null
                        ? prediction.consistentAt(delays[j] + lag).estimate()
                        : atCommit + (1 - atCommit) * ClientTimeOrigin.shareAtLeast(differences, -(delays[j] + lag));
            }
        }
        return Arrays.copyOf(predicted, points);
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

    /** p0 + (1 - p0) P(t*' <= t + gap), the delayed reads' t*' coupled with the round trip by rho. */
    static double consistentAt(ConfigurationResult prediction, double tMillis, Histogram gapMicros, double rho) {
        double[] differences = delayedDifferences(prediction, gapMicros, rho);
        if (differences == null) {
            return prediction.consistentAt(tMillis).estimate();
        }
        double atCommit = prediction.consistentAt(0).estimate();
        return atCommit + (1 - atCommit) * ClientTimeOrigin.shareAtLeast(differences, -tMillis);
    }

    /**
     * gap - t*' over the coupled pairs, sorted; null when no round trip was measured or every read is
     * consistent at commit.
     */
    private static double[] delayedDifferences(ConfigurationResult prediction, Histogram gapMicros, double rho) {
        double atCommit = prediction.consistentAt(0).estimate();
        if (gapMicros.getTotalCount() == 0 || atCommit >= 1) {
            return null;
        }
        double[] delayed = new double[ClientTimeOrigin.CONSISTENCY_LEVELS];
        for (int level = 0; level < delayed.length; level++) {
            double probability = atCommit + (1 - atCommit) * (level + 0.5) / delayed.length;
            delayed[level] = ClientTimeOrigin.timeToConsistency(prediction, Math.min(1, probability));
        }
        return ClientTimeOrigin.sortedDifferences(gapMicros, delayed, rho);
    }
}
