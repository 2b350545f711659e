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
 * @param correction whether {@code predicted} adds the client round trip to t
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
 * @param latencyOffsetMillis the client's offset from latencies ({@link ClientGapCorrection#LATENCY}),
 *     before each point's lag is added; may be negative
 * @param points one per t
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
        ClientGapCorrection correction,
        int predictionWindows,
        double meanClientGapMillis,
        double meanReadRoundTripMillis,
        double clientCoupling,
        double latencyOffsetMillis,
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
                correction,
                windows,
                meanClientGapMillis,
                meanReadRoundTripMillis,
                clientCoupling,
                latencyOffsetMillis,
                otherPoints,
                latencies);
    }

    /** Root mean square of observed minus the model alone, P(consistent at t), over the grid. */
    public double rmseWithoutGap() {
        return rmseAgainst(ObservedPoint::predictedWithoutGap);
    }

    /**
     * Root mean square of observed minus the prediction with the measured client round trip, coupled to
     * the time to consistency as {@code clientCoupling} says.
     */
    public double rmseWithRoundTrip() {
        return rmseAgainst(ObservedPoint::predictedWithGap);
    }

    /**
     * Root mean square of observed minus the prediction with the measured client round trip independent
     * of the time to consistency.
     */
    public double rmseWithIndependentRoundTrip() {
        return rmseAgainst(ObservedPoint::predictedWithIndependentGap);
    }

    /** Root mean square of observed minus the prediction with the latency offset and lag. */
    public double rmseWithLatencyOffset() {
        return rmseAgainst(ObservedPoint::predictedWithLatencyOffset);
    }

    /**
     * Root mean square of how far the observed P(consistent) lies outside the band between the
     * model alone and the prediction with the measured round trip, over the t grid (0 at a t whose
     * observation lies inside the band). The read's true time origin lies between those two: it
     * leaves its coordinator at least when the write committed, and at most a client round trip
     * (and the read's lag) later; what the traced operations spent beyond the untraced ones moves it
     * within that range, by an amount that changes with the machine's load.
     */
    public double rmseOutsideTimeOriginBand() {
        double sum = 0;
        for (ObservedPoint point : points) {
            double lowest = Math.min(point.predictedWithoutGap(), point.predictedWithGap());
            double highest = Math.max(point.predictedWithoutGap(), point.predictedWithGap());
            double observed = point.observed().estimate();
            double outside = Math.max(0, Math.max(lowest - observed, observed - highest));
            sum += outside * outside;
        }
        return Math.sqrt(sum / points.size());
    }

    /**
     * Root mean square of how far the observed P(consistent) lies outside the band of four
     * predictions over the t grid: this comparison's model alone and round trip, and {@code other}'s,
     * the same observation predicted from a profile measured the other way about tracing's own cost
     * (divided out in one, kept in the other). Beside the read's time origin, which lies somewhere
     * in the client's round trip, how much of the traced delays tracing itself added is the second
     * thing the probe cannot settle from outside: on an idle machine little, under CPU contention
     * several times more (docs/fidelity.md).
     *
     * @throws IllegalArgumentException when {@code other} was not compared over the same t grid
     */
    public double rmseOutsideMeasurementBand(ObservedStaleness other) {
        if (other.points.size() != points.size()) {
            throw new IllegalArgumentException("the two comparisons have " + points.size() + " and "
                    + other.points.size() + " points: not the same observation");
        }
        double sum = 0;
        for (int i = 0; i < points.size(); i++) {
            ObservedPoint point = points.get(i);
            ObservedPoint otherPoint = other.points.get(i);
            if (otherPoint.tMillis() != point.tMillis()) {
                throw new IllegalArgumentException("the two comparisons differ at point " + i + ": t = "
                        + point.tMillis() + " and " + otherPoint.tMillis() + " ms");
            }
            double lowest = Math.min(
                    Math.min(point.predictedWithoutGap(), point.predictedWithGap()),
                    Math.min(otherPoint.predictedWithoutGap(), otherPoint.predictedWithGap()));
            double highest = Math.max(
                    Math.max(point.predictedWithoutGap(), point.predictedWithGap()),
                    Math.max(otherPoint.predictedWithoutGap(), otherPoint.predictedWithGap()));
            double observed = point.observed().estimate();
            double outside = Math.max(0, Math.max(lowest - observed, observed - highest));
            sum += outside * outside;
        }
        return Math.sqrt(sum / points.size());
    }

    /** Root mean square of observed minus predicted P(consistent) over the t grid (a fraction). */
    public double rmse() {
        return rmseAgainst(ObservedPoint::predicted);
    }

    /**
     * Root mean square of observed minus the default prediction over the points at {@code
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

    private double rmseAgainst(java.util.function.ToDoubleFunction<ObservedPoint> prediction) {
        double sum = 0;
        for (ObservedPoint point : points) {
            double difference = point.observed().estimate() - prediction.applyAsDouble(point);
            sum += difference * difference;
        }
        return Math.sqrt(sum / points.size());
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
