package dev.pbs.cassandra.observe;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import java.util.List;
import java.util.Objects;

/**
 * The result of an observed-staleness run beside the prediction.
 *
 * @param n replicas per key (the keyspace's replication factor)
 * @param readReplicas R
 * @param writeReplicas W
 * @param writes writes acknowledged (each read back at every t)
 * @param failedWrites writes that failed
 * @param failedReads reads that failed (not counted in any point)
 * @param coordinatorReplicaShare how often a write's, and a read's, coordinator was a replica of
 *     its key, as the observation counted them ({@link RawObservation#coordinatorReplicaShare}) and
 *     the prediction took them
 * @param predictionWindows how many windows of the observation were each predicted from what the
 *     probe measured during it ({@link WindowedComparison}); 1: the whole observation from one profile
 * @param meanClientGapMillis the mean measured client round trip (timed beside the writes)
 * @param meanReadRoundTripMillis the mean client round trip added to the reads' latency: timed
 *     beside the reads ({@link RawObservation#readClientPartMicros})
 * @param clientCoupling how the prediction couples the client's part of an operation with the
 *     engine's: the correlation of their normal scores, within [0, 1] ({@link
 *     dev.pbs.cassandra.probe.CoupledSum}), 0 independent; it couples the round trip beside the reads
 *     with the engine's latency, and the round trip beside the writes with the time to consistency
 *     ({@link ClientTimeOrigin})
 * @param points one per t, each predicted at t plus its send lag and the client's round trip ({@link
 *     ObservedPoint#predicted})
 * @param latencies observed and predicted read and write latency percentiles as the client sees them:
 *     the prediction is the engine's latency plus the measured client round trip, coupled as
 *     {@code clientCoupling} says
 */
public record ObservedStaleness(
        int n,
        int readReplicas,
        int writeReplicas,
        long writes,
        long failedWrites,
        long failedReads,
        CoordinatorReplicaShare coordinatorReplicaShare,
        int predictionWindows,
        double meanClientGapMillis,
        double meanReadRoundTripMillis,
        double clientCoupling,
        List<ObservedPoint> points,
        List<LatencyComparison> latencies) {

    /**
     * One latency percentile, observed and predicted, in ms.
     *
     * @param operation {@code read} or {@code write}
     * @param percentile in (0, 100)
     * @param observedStandardErrorMillis the observed percentile's standard error from sampling
     *     alone ({@link LatencySampling}), ms; NaN when not known
     */
    public record LatencyComparison(
            String operation,
            double percentile,
            double observedMillis,
            double predictedMillis,
            double observedStandardErrorMillis) {

        /** A comparison whose observed percentile's standard error is not known. */
        public LatencyComparison(String operation, double percentile, double observedMillis, double predictedMillis) {
            this(operation, percentile, observedMillis, predictedMillis, Double.NaN);
        }
    }

    public ObservedStaleness {
        Objects.requireNonNull(coordinatorReplicaShare, "the coordinator replica share is missing");
        if (predictionWindows < 1) {
            throw new IllegalArgumentException("at least one prediction window, was " + predictionWindows);
        }
        points = List.copyOf(points);
        latencies = List.copyOf(latencies);
    }

    /** The same comparison with other points, predicted over {@code windows} windows. */
    public ObservedStaleness withPoints(List<ObservedPoint> otherPoints, int windows) {
        return new ObservedStaleness(
                n,
                readReplicas,
                writeReplicas,
                writes,
                failedWrites,
                failedReads,
                coordinatorReplicaShare,
                windows,
                meanClientGapMillis,
                meanReadRoundTripMillis,
                clientCoupling,
                otherPoints,
                latencies);
    }

    /** Root mean square of observed minus predicted P(consistent) over the t grid (a fraction). */
    public double rmse() {
        double sum = 0;
        for (ObservedPoint point : points) {
            double difference = point.observed().estimate() - point.predicted();
            sum += difference * difference;
        }
        return Math.sqrt(sum / points.size());
    }

    /**
     * Root mean square of observed minus predicted over the points at {@code
     * fromMillis} and later: the tail of the curve, where the time origin hardly matters; NaN when
     * no point lies there.
     */
    public double rmseFrom(double fromMillis) {
        double sum = 0;
        int count = 0;
        for (ObservedPoint point : points) {
            if (point.tMillis() >= fromMillis) {
                double difference = point.observed().estimate() - point.predicted();
                sum += difference * difference;
                count++;
            }
        }
        return count == 0 ? Double.NaN : Math.sqrt(sum / count);
    }

    /**
     * The RMSE that sampling noise alone would give if the prediction were exact: the root mean
     * of p(1 - p)/n over the grid, with p the predicted probability and n the reads at that t.
     */
    public double noiseFloor() {
        double sum = 0;
        for (ObservedPoint point : points) {
            double p = point.predicted();
            long reads = Math.max(1, point.observed().trials());
            sum += p * (1 - p) / reads;
        }
        return Math.sqrt(sum / points.size());
    }

    /**
     * Normalised RMSE of the latency percentiles: the root mean square of predicted minus observed
     * over every compared percentile of reads and writes, divided by the range (largest minus
     * smallest) of the observed values. NaN when nothing was compared.
     */
    public double latencyNrmse() {
        return normalisedRootMeanSquare(latency -> latency.predictedMillis() - latency.observedMillis());
    }

    /**
     * The latency NRMSE that the observation's own sampling would give if the prediction were
     * exact: the root mean square of the observed percentiles' standard errors, divided by the same
     * range as {@link #latencyNrmse()}. It leaves out the prediction's own sampling (the profile's
     * finite samples), so it is a floor, not the whole noise. NaN when nothing was compared or a
     * standard error is not known.
     */
    public double latencyNoiseFloor() {
        return normalisedRootMeanSquare(LatencyComparison::observedStandardErrorMillis);
    }

    /**
     * The root mean square of {@code term} over the compared percentiles, divided by the range of
     * the observed values; NaN when nothing was compared or the range is 0.
     */
    private double normalisedRootMeanSquare(java.util.function.ToDoubleFunction<LatencyComparison> term) {
        if (latencies.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        double lowest = Double.POSITIVE_INFINITY;
        double highest = Double.NEGATIVE_INFINITY;
        for (LatencyComparison latency : latencies) {
            double value = term.applyAsDouble(latency);
            sum += value * value;
            lowest = Math.min(lowest, latency.observedMillis());
            highest = Math.max(highest, latency.observedMillis());
        }
        double range = highest - lowest;
        return range > 0 ? Math.sqrt(sum / latencies.size()) / range : Double.NaN;
    }
}
