package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * How much the two replicas' write paths of one write move together, fitted on the untraced writes
 * at ONE through a node that is not a replica, with two replicas per key.
 *
 * <p>Such a write waits for the earlier of two acknowledgements, {@code min(W1 + A1, W2 + A2)},
 * and the earlier of two paths comes later the more they move together ({@link MessageCorrelation}'s
 * {@code writes_between_replicas}). The traced writes measure that correlation, but tracing adds
 * work of its own to each path, which makes them look less alike than they are: on the local
 * 3-node cluster (two replicas per key, nothing injected) the paths calibrated on the writes at
 * TWO through a replica, correlated as traced, predicted the writes through a node that is not a
 * replica 1.78 ms at the median against 2.26 ms untraced (2026-12-05, docs/probe.md). With two
 * replicas per key, the correlation between replicas plays no part in the four operations the
 * tracing correction is fitted to (a write at TWO through a replica waits for its own replica and
 * one other, whose correlation is the own replica's), so it can be fitted afterwards, alone, without
 * moving them: the value from the measured one up to {@link MessageCorrelation#HIGHEST} at which the
 * model's write at ONE through a node that is not a replica, plus the client's part, comes closest
 * to the untraced ones (p50 to p99, least squares of logarithms). With three replicas or more it
 * would move the writes at TWO as well, and the measured value is kept.
 */
final class ForwardedWritesFit {

    /** Candidate correlations tried between the measured one and {@link MessageCorrelation#HIGHEST}. */
    static final int STEPS = 12;

    /**
     * The fitted correlation between replicas' writes.
     *
     * @param measured the correlation the traced writes gave
     * @param fitted the correlation that fits the untraced writes best (at least {@code measured})
     * @param explanation for the profile's provenance
     */
    record Fit(double measured, double fitted, String explanation) {}

    private ForwardedWritesFit() {}

    /**
     * Fits the correlation between the two replicas' writes.
     *
     * @param measured the profile's correlations as the traced operations measure them
     * @param profiles the corrected profile with the given correlation between replicas' writes
     * @param untraced the untraced writes at ONE through a node that is not a replica, microseconds
     * @param roundTrip the client's part, coupled with the coordinator's as measured
     * @param n the replicas per key
     */
    static Fit fit(
            int n,
            MessageCorrelation measured,
            DoubleFunction<LatencyProfile> profiles,
            Histogram untraced,
            CoupledSum roundTrip) {
        double[] targets = CoordinatorParts.calibrationTargets(untraced);
        double from = measured.writesBetweenReplicas();
        double best = from;
        double bestError = Double.POSITIVE_INFINITY;
        double measuredError = Double.NaN;
        double[] measuredPredicted = null;
        double[] bestPredicted = null;
        for (int step = 0; step <= STEPS; step++) {
            double candidate = from + (MessageCorrelation.HIGHEST - from) * step / STEPS;
            double[] predicted = CorrectionStep.quantilesOfSum(
                    roundTrip, CoordinatorParts.writeThroughOther(profiles.apply(candidate), n), 1);
            double error = CorrectionStep.logError(predicted, targets);
            if (step == 0) {
                measuredError = error;
                measuredPredicted = predicted;
            }
            if (error < bestError) {
                bestError = error;
                best = candidate;
                bestPredicted = predicted;
            }
        }
        int last = targets.length - 1;
        String explanation = String.format(
                Locale.ROOT,
                " The two replicas' writes move together more than traced writes show (tracing adds work of its "
                        + "own to each path): untraced writes at ONE through a node that is not a replica took %.3f "
                        + "ms at the median and %.3f ms at p99; with the correlation between replicas' writes as "
                        + "traced (%.3f) the corrected delays predicted %.3f and %.3f ms, with %.3f (fitted, the "
                        + "least squares of logarithms from p50 to p99 going from %.4f to %.4f) %.3f and %.3f ms.",
                targets[0],
                targets[last],
                from,
                measuredPredicted[0],
                measuredPredicted[last],
                best,
                measuredError,
                bestError,
                bestPredicted[0],
                bestPredicted[last]);
        return new Fit(from, best, explanation);
    }
}
